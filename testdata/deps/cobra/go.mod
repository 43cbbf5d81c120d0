module github.com/spf13/cobra

go 1.22

require github.com/spf13/pflag v0.0.0-00010101000000-000000000000
