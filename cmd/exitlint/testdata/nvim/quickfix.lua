-- A headless Neovim session against `exitlint lsp` (TestNeovim): run the
-- setup snippet of docs/editors.md for this Neovim ($SNIPPET, which starts
-- `exitlint lsp` for Go buffers), open a Go file, wait for exitlint's
-- diagnostics, insert a line above the bare exit code 3 without writing,
-- check that the fix computed before the edit is no longer offered, wait
-- for the edited buffer's diagnostics, apply the quick fix, write the file.
-- The outcome goes to $RESULT.
local snippet, file, result = os.getenv("SNIPPET"), os.getenv("FILE"), os.getenv("RESULT")

local function finish(msg)
  local f = assert(io.open(result, "w"))
  f:write(msg)
  f:close()
  vim.cmd("qall!")
end

-- exitlint's client attached to the buffer: vim.lsp.get_clients from
-- Neovim 0.10, vim.lsp.buf_get_clients before.
local function attached(bufnr)
  local clients = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = bufnr }) or vim.lsp.buf_get_clients(bufnr)
  for _, c in pairs(clients) do
    if c.name == "exitlint" then
      return c
    end
  end
end

local function run()
  vim.cmd("filetype on") -- -u NONE leaves it off; the snippets start on FileType
  dofile(snippet)
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local client
  vim.wait(30000, function()
    client = attached(bufnr)
    return client ~= nil
  end, 100)
  if not client then
    return finish("the snippet attached no exitlint client to the Go buffer")
  end

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
