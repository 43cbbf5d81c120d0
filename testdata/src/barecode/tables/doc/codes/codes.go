// Package codes holds the statuses the binary ends with; nothing in it
// exits. The comment on the const block says the constants are exit
// statuses, so they are a table, checked here, where they are declared.
package codes

// Exit statuses returned by the binary
const (
	ErrorGeneric          int = 1
	CouldNotReadInputFile int = 2   // want `exit code CouldNotReadInputFile is 2, which an agent reads as PARTIAL_FAILURE`
	FileNotFound          int = 5   // agrees with the contract: no finding
	ErrorDecryptingTree   int = 25  // want `exit code ErrorDecryptingTree \(25\) is in the framework-reserved range 14–63`
	FileAlreadyEncrypted  int = 203 // want `exit code FileAlreadyEncrypted \(203\) is in the shell-reserved range 126–255`
)

// Retry limits: a comment that mentions no exit code, so no table.
const (
	MaxRetries     = 3
	BackoffSeconds = 2
)
