// Package survey is a stand-in for github.com/AlecAivazis/survey/v2.
package survey

// AskOne asks one question on the terminal.
func AskOne(prompt string, response any) error { return nil }
