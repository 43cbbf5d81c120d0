package barecode

import (
	"os"

	"github.com/spf13/cobra"
)

// A code a hidden command exits with is read by the program's own parent
// (the child process it spawned), never by an agent: its spelling
// misleads no agent. Beside it, the same exit in a visible command. (A
// named constant would be a member of the package's exit table, judged
// at its declaration, where 75 is the contract's optional sysexits code.)

var dbChildCmd = &cobra.Command{
	Use:    "db-child",
	Hidden: true,
	RunE: func(cmd *cobra.Command, args []string) error {
		if len(args) > 1 {
			os.Exit(75)
		}
		return nil
	},
}

var dbCmd = &cobra.Command{
	Use: "db",
	RunE: func(cmd *cobra.Command, args []string) error {
		if len(args) > 1 {
			os.Exit(75) // want `exit code 75 is a POSIX sysexits code`
		}
		return nil
	},
}

var dbStatusCmd = &cobra.Command{Use: "db-status", Hidden: false, RunE: dbStatus}

func dbStatus(cmd *cobra.Command, args []string) error {
	os.Exit(4) // want `exit code 4 written as a bare integer`
	return nil
}

var dbDumpCmd = &cobra.Command{Use: "db-dump", Hidden: true, RunE: dbDump}

func dbDump(cmd *cobra.Command, args []string) error {
	os.Exit(4)
	return nil
}
