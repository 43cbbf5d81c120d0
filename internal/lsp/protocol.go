package lsp

// The part of the Language Server Protocol (3.17) that exitlint's server
// speaks: document sync, published diagnostics and quick-fix code actions.
// Positions count lines from 0 and characters in UTF-16 code units.

type position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type lspRange struct {
	Start position `json:"start"`
	End   position `json:"end"`
}

type location struct {
	URI   string   `json:"uri"`
	Range lspRange `json:"range"`
}

type textDocumentItem struct {
	URI     string `json:"uri"`
	Version int    `json:"version"`
	Text    string `json:"text"`
}

type textDocumentIdentifier struct {
	URI string `json:"uri"`
}

type didOpenParams struct {
	TextDocument textDocumentItem `json:"textDocument"`
}

type didChangeParams struct {
	TextDocument   textDocumentIdentifier `json:"textDocument"`
	ContentChanges []struct {
		Range *lspRange `json:"range,omitempty"`
		Text  string    `json:"text"`
	} `json:"contentChanges"`
}

type didSaveParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Text         *string                `json:"text,omitempty"`
}

type didCloseParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
}

type diagnostic struct {
	Range           lspRange          `json:"range"`
	Severity        int               `json:"severity"`
	Code            string            `json:"code"`
	CodeDescription *codeDescription  `json:"codeDescription,omitempty"`
	Source          string            `json:"source"`
	Message         string            `json:"message"`
	Related         []relatedLocation `json:"relatedInformation,omitempty"`
}

type codeDescription struct {
	Href string `json:"href"`
}

type relatedLocation struct {
	Location location `json:"location"`
	Message  string   `json:"message"`
}

type publishDiagnosticsParams struct {
	URI         string       `json:"uri"`
	Diagnostics []diagnostic `json:"diagnostics"`
}

type codeActionParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Range        lspRange               `json:"range"`
	Context      struct {
		Diagnostics []diagnostic `json:"diagnostics"`
		Only        []string     `json:"only,omitempty"`
	} `json:"context"`
}

type textEdit struct {
	Range   lspRange `json:"range"`
	NewText string   `json:"newText"`
}

type workspaceEdit struct {
	Changes map[string][]textEdit `json:"changes"`
}

type codeAction struct {
	Title       string        `json:"title"`
	Kind        string        `json:"kind"`
	Diagnostics []diagnostic  `json:"diagnostics,omitempty"`
	IsPreferred bool          `json:"isPreferred,omitempty"`
	Edit        workspaceEdit `json:"edit"`
}

type logMessageParams struct {
	Type    int    `json:"type"`
	Message string `json:"message"`
}

const (
	severityWarning = 2
	messageError    = 1
	messageInfo     = 3
	syncFull        = 1
	quickFix        = "quickfix"
)
