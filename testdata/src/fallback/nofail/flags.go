package main

import (
	"log"
	"os"

	"github.com/spf13/cobra"
)

// A flag's value read by its name, written in the program: the lookup
// fails only for a name no flag of that type has, a defect of the
// program that no input of the caller causes.
func rawFlag(cmd *cobra.Command) bool {
	raw, err := cmd.Flags().GetBool("raw")
	if err != nil {
		log.Fatalf("reading --raw: %v", err)
	}
	name, err := cmd.PersistentFlags().GetString("name")
	if err != nil {
		os.Exit(1)
	}
	return raw && name != ""
}

// A name that comes from the command line may name no flag: that is the
// caller's input, and the exit after it is reported.
func namedFlag(cmd *cobra.Command, args []string) string {
	v, err := cmd.Flags().GetString(args[0])
	if err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	return v
}

// Parsing the caller's arguments fails for the caller's input.
func parsed(cmd *cobra.Command, args []string) {
	if err := cmd.Flags().Parse(args); err != nil {
		log.Fatal(err) // want `log.Fatal ends the process with GENERAL_ERROR`
	}
}

// The command's own help and usage text: Help never fails, Usage only
// when the text cannot be written.
func help(cmd *cobra.Command, args []string) {
	if len(args) == 0 {
		if err := cmd.Help(); err != nil {
			log.Fatalf("help: %v", err)
		}
		return
	}
	if err := cmd.Usage(); err != nil {
		log.Fatalln(err)
	}
}
