package sideeffects

// Entry is one standard-library function or method with a side effect.
type Entry struct {
	Func string // as types.Func.FullName spells it
	What string // what it does, for messages: "writes a file"
	// Rule narrows when a call counts (Always by default); Arg is the
	// argument the rule reads (Recv: the receiver).
	Rule RuleKind
	Arg  int
	// AllOrNothing marks an operation that either happens whole or not at
	// all: a call that returns a non-nil error changed nothing (opening,
	// creating, removing or renaming one file; starting a process). A
	// failed os.WriteFile may have truncated the file, a failed MkdirAll
	// made some parents, and a failed request may have been served, so
	// those are no such operation.
	AllOrNothing bool
	// Makes is what the call does to the file system, which decides where
	// it is housekeeping of the program's own state (Rule.Judge).
	Makes Makes
	// Recv is an exported type through which the method is reached, when
	// the method belongs to an unexported type and is promoted (net.conn's
	// Write is what TCPConn.Write calls).
	Recv string
}

// Catalogue is the one list of standard-library side effects. Every entry
// has a test that resolves it and checks a call of it is found.
//
// Creating temporary files and directories (os.CreateTemp, os.MkdirTemp) is
// left out: nothing an agent would have to undo before retrying; so are
// writes into a directory os.MkdirTemp made (RuleNotTemp) and to a file
// os.CreateTemp made or opened there (RuleToFile).
var Catalogue = []Entry{
	// Files and directories.
	{Func: "os.WriteFile", What: "writes a file", Rule: RuleNotTemp, Makes: MakesFile},
	{Func: "os.Create", What: "creates a file", Rule: RuleNotTemp, AllOrNothing: true, Makes: MakesFile},
	{Func: "os.OpenFile", What: "opens a file for writing", Rule: RuleWriteFlags, Arg: 1, AllOrNothing: true, Makes: MakesFile},
	{Func: "os.Remove", What: "removes a file", Rule: RuleNotTemp, AllOrNothing: true, Makes: ChangesFile},
	{Func: "os.RemoveAll", What: "removes files", Rule: RuleNotTemp, Makes: ChangesFile},
	{Func: "os.Rename", What: "renames a file", AllOrNothing: true},
	{Func: "os.Mkdir", What: "creates a directory", Rule: RuleNotTemp, AllOrNothing: true, Makes: MakesDir},
	{Func: "os.MkdirAll", What: "creates directories", Rule: RuleNotTemp, Makes: MakesDir},
	{Func: "os.Chmod", What: "changes a file's mode", Rule: RuleNotTemp, AllOrNothing: true, Makes: ChangesFile},
	{Func: "os.Chown", What: "changes a file's owner", Rule: RuleNotTemp, AllOrNothing: true, Makes: ChangesFile},
	{Func: "os.Lchown", What: "changes a file's owner", Rule: RuleNotTemp, AllOrNothing: true, Makes: ChangesFile},
	{Func: "os.Chtimes", What: "changes a file's times", Rule: RuleNotTemp, AllOrNothing: true, Makes: ChangesFile},
	{Func: "os.Truncate", What: "truncates a file", Rule: RuleNotTemp, AllOrNothing: true, Makes: ChangesFile},
	{Func: "os.Symlink", What: "creates a symbolic link", AllOrNothing: true},
	{Func: "os.Link", What: "creates a hard link", AllOrNothing: true},
	{Func: "os.CopyFS", What: "writes files"},
	{Func: "(*os.File).Write", What: "writes to a file", Rule: RuleToFile, Arg: Recv, Makes: MakesFile},
	{Func: "(*os.File).WriteString", What: "writes to a file", Rule: RuleToFile, Arg: Recv, Makes: MakesFile},
	{Func: "(*os.File).WriteAt", What: "writes to a file", Rule: RuleToFile, Arg: Recv, Makes: MakesFile},
	{Func: "(*os.File).ReadFrom", What: "writes to a file", Rule: RuleToFile, Arg: Recv, Makes: MakesFile},
	{Func: "(*os.File).Truncate", What: "truncates a file", Rule: RuleToFile, Arg: Recv, AllOrNothing: true, Makes: ChangesFile},
	{Func: "(*os.File).Chmod", What: "changes a file's mode", Rule: RuleToFile, Arg: Recv, AllOrNothing: true, Makes: ChangesFile},
	{Func: "(*os.File).Chown", What: "changes a file's owner", Rule: RuleToFile, Arg: Recv, AllOrNothing: true, Makes: ChangesFile},
	{Func: "(*os.Root).Create", What: "creates a file", AllOrNothing: true},
	{Func: "(*os.Root).Remove", What: "removes a file", AllOrNothing: true},
	{Func: "(*os.Root).Mkdir", What: "creates a directory", AllOrNothing: true},
	{Func: "(*os.Root).OpenFile", What: "opens a file for writing", Rule: RuleWriteFlags, Arg: 1, AllOrNothing: true},
	{Func: "io/ioutil.WriteFile", What: "writes a file"},
	{Func: "fmt.Fprint", What: "writes to a file", Rule: RuleToFile, Makes: MakesFile},
	{Func: "fmt.Fprintf", What: "writes to a file", Rule: RuleToFile, Makes: MakesFile},
	{Func: "fmt.Fprintln", What: "writes to a file", Rule: RuleToFile, Makes: MakesFile},
	{Func: "io.WriteString", What: "writes to a file", Rule: RuleToFile, Makes: MakesFile},
	{Func: "io.Copy", What: "writes to a file", Rule: RuleToFile, Makes: MakesFile},
	{Func: "syscall.Unlink", What: "removes a file", AllOrNothing: true},
	{Func: "syscall.Rmdir", What: "removes a directory", AllOrNothing: true},
	{Func: "syscall.Mkdir", What: "creates a directory", AllOrNothing: true},
	{Func: "syscall.Rename", What: "renames a file", AllOrNothing: true},
	{Func: "syscall.Truncate", What: "truncates a file", AllOrNothing: true},
	{Func: "syscall.Chmod", What: "changes a file's mode", AllOrNothing: true},

	// Network: requests that may change state, and raw writes.
	{Func: "net/http.Post", What: "sends an HTTP POST request"},
	{Func: "net/http.PostForm", What: "sends an HTTP POST request"},
	{Func: "(*net/http.Client).Post", What: "sends an HTTP POST request"},
	{Func: "(*net/http.Client).PostForm", What: "sends an HTTP POST request"},
	{Func: "(*net/http.Client).Do", What: "sends an HTTP request", Rule: RuleNotReading},
	{Func: "(net.Conn).Write", What: "writes to a network connection"},
	{Func: "(*net.conn).Write", What: "writes to a network connection", Recv: "*net.TCPConn"}, // TCPConn, UDPConn, UnixConn, IPConn
	{Func: "(*net.UDPConn).WriteTo", What: "writes to a network connection"},
	{Func: "(*net.UDPConn).WriteToUDP", What: "writes to a network connection"},
	{Func: "net/smtp.SendMail", What: "sends mail"},

	// Databases.
	{Func: "(*database/sql.DB).Exec", What: "executes a database statement"},
	{Func: "(*database/sql.DB).ExecContext", What: "executes a database statement"},
	{Func: "(*database/sql.Tx).Exec", What: "executes a database statement"},
	{Func: "(*database/sql.Tx).ExecContext", What: "executes a database statement"},
	{Func: "(*database/sql.Tx).Commit", What: "commits a database transaction"},
	{Func: "(*database/sql.Stmt).Exec", What: "executes a database statement"},
	{Func: "(*database/sql.Stmt).ExecContext", What: "executes a database statement"},
	{Func: "(*database/sql.Conn).ExecContext", What: "executes a database statement"},
	// Query runs any statement: a constant query that changes data
	// (RuleChangesData) counts.
	{Func: "(*database/sql.DB).Query", What: "runs a statement that changes data", Rule: RuleChangesData},
	{Func: "(*database/sql.DB).QueryContext", What: "runs a statement that changes data", Rule: RuleChangesData, Arg: 1},
	{Func: "(*database/sql.DB).QueryRow", What: "runs a statement that changes data", Rule: RuleChangesData},
	{Func: "(*database/sql.DB).QueryRowContext", What: "runs a statement that changes data", Rule: RuleChangesData, Arg: 1},
	{Func: "(*database/sql.Tx).Query", What: "runs a statement that changes data", Rule: RuleChangesData},
	{Func: "(*database/sql.Tx).QueryContext", What: "runs a statement that changes data", Rule: RuleChangesData, Arg: 1},
	{Func: "(*database/sql.Tx).QueryRow", What: "runs a statement that changes data", Rule: RuleChangesData},
	{Func: "(*database/sql.Tx).QueryRowContext", What: "runs a statement that changes data", Rule: RuleChangesData, Arg: 1},
	{Func: "(*database/sql.Conn).QueryContext", What: "runs a statement that changes data", Rule: RuleChangesData, Arg: 1},
	{Func: "(*database/sql.Conn).QueryRowContext", What: "runs a statement that changes data", Rule: RuleChangesData, Arg: 1},

	// Processes.
	{Func: "(*os/exec.Cmd).Run", What: "runs a process"},
	{Func: "(*os/exec.Cmd).Start", What: "starts a process", AllOrNothing: true},
	{Func: "(*os/exec.Cmd).Output", What: "runs a process"},
	{Func: "(*os/exec.Cmd).CombinedOutput", What: "runs a process"},
	{Func: "os.StartProcess", What: "starts a process", AllOrNothing: true},
	{Func: "syscall.Exec", What: "replaces the process with another program"},
	{Func: "(*os.Process).Kill", What: "kills a process", AllOrNothing: true},
	{Func: "(*os.Process).Signal", What: "signals a process", AllOrNothing: true},
	{Func: "syscall.Kill", What: "signals a process", Rule: RuleNotSelf, AllOrNothing: true},
}
