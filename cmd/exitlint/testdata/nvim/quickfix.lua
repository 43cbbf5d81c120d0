-- A headless Neovim session against `exitlint lsp` (TestNeovim): open a Go
-- file, wait for exitlint's diagnostics, insert a line above the bare exit
-- code 3 without writing, check that the fix computed before the edit is no
-- longer offered, wait for the edited buffer's diagnostics, apply the quick
-- fix, write the file. The outcome goes to $RESULT.
local bin, file, result = os.getenv("EXITLINT"), os.getenv("FILE"), os.getenv("RESULT")

local function finish(msg)
  local f = assert(io.open(result, "w"))
  f:write(msg)
  f:close()
  vim.cmd("qall!")
end

local function run()
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = "exitlint",
    cmd = { bin, "lsp" },
    root_dir = vim.fn.fnamemodify(file, ":h"),
  })
  if not client_id then
    return finish("the client did not start")
  end
  vim.lsp.buf_attach_client(bufnr, client_id)

  local function exit3(lnum)
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      if d.source == "exitlint" and d.message:find("exit code 3", 1, true) and (lnum == nil or d.lnum == lnum) then
        return d
      end
    end
  end

  local target
  vim.wait(120000, function()
    target = exit3()
    return target ~= nil
  end, 100)
  if not target then
    return finish("no exitlint diagnostic for os.Exit(3); diagnostics: " .. vim.inspect(vim.diagnostic.get(bufnr)))
  end

  local client = vim.lsp.get_client_by_id(client_id)
  local function actions_at(d)
    local params = {
      textDocument = { uri = vim.uri_from_bufnr(bufnr) },
      range = {
        start = { line = d.lnum, character = d.col },
        ["end"] = { line = d.end_lnum, character = d.end_col },
      },
      context = { diagnostics = {} },
    }
    return client.request_sync("textDocument/codeAction", params, 60000, bufnr)
  end

  -- A line inserted above the finding, not written: the fix computed on
  -- the old buffer would land one line too high, so it is not offered.
  vim.api.nvim_buf_set_lines(bufnr, target.lnum - 1, target.lnum - 1, false, { '\tprintln("start")' })
  local stale = actions_at(target)
  if not stale or stale.err or (stale.result and #stale.result > 0) then
    return finish("after the edit, the old fix is still offered: " .. vim.inspect(stale))
  end
  local old_lnum = target.lnum
  target = nil
  vim.wait(60000, function()
    target = exit3(old_lnum + 1)
    return target ~= nil
  end, 100)
  if not target then
    return finish("the edited buffer was not analyzed; diagnostics: " .. vim.inspect(vim.diagnostic.get(bufnr)))
  end

  local resp = actions_at(target)
  if not resp or resp.err or not resp.result or #resp.result == 0 then
    return finish("no code action: " .. vim.inspect(resp))
  end
  local action = resp.result[1]
  if action.kind ~= "quickfix" then
    return finish("the action is no quick fix: " .. vim.inspect(action))
  end
  vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
  vim.cmd("write")
  finish("ok: " .. action.title)
end

local ok, err = pcall(run)
if not ok then
  finish("error: " .. tostring(err))
end
