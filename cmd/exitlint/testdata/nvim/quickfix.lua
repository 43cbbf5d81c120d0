-- A headless Neovim session against `exitlint lsp` (TestNeovim): open a Go
-- file, wait for exitlint's diagnostics, ask for the quick fix of the bare
-- exit code 3, apply it, write the file. The outcome goes to $RESULT.
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

  local target
  vim.wait(120000, function()
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      if d.source == "exitlint" and d.message:find("exit code 3", 1, true) then
        target = d
      end
    end
    return target ~= nil
  end, 100)
  if not target then
    return finish("no exitlint diagnostic for os.Exit(3); diagnostics: " .. vim.inspect(vim.diagnostic.get(bufnr)))
  end

  local client = vim.lsp.get_client_by_id(client_id)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = {
      start = { line = target.lnum, character = target.col },
      ["end"] = { line = target.end_lnum, character = target.end_col },
    },
    context = { diagnostics = {} },
  }
  local resp = client.request_sync("textDocument/codeAction", params, 60000, bufnr)
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
