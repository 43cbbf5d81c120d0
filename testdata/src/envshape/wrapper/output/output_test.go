package output

// commandOutput is a test's expectation of what a command prints, with its
// own shape: no envelope of the program.
type commandOutput struct {
	OK   bool `json:"ok"`
	Data struct {
		Name string `json:"name"`
	} `json:"data,omitempty"`
}

var _ = commandOutput{}
