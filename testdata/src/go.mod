module cases

go 1.22

require (
	github.com/alecthomas/kong v0.0.0-00010101000000-000000000000
	github.com/mitchellh/cli v0.0.0-00010101000000-000000000000
	github.com/mark3labs/mcp-go v0.0.0-00010101000000-000000000000
	github.com/sourcegraph/jsonrpc2 v0.0.0-00010101000000-000000000000
	github.com/AlecAivazis/survey/v2 v2.0.0-00010101000000-000000000000
	github.com/charmbracelet/huh v0.0.0-00010101000000-000000000000
	github.com/charmbracelet/x/term v0.0.0-00010101000000-000000000000
	github.com/mattn/go-isatty v0.0.0-00010101000000-000000000000
	golang.org/x/term v0.0.0-00010101000000-000000000000
	example.com/chatapi v0.0.0-00010101000000-000000000000
	example.com/dielib v0.0.0-00010101000000-000000000000
	example.com/exitlib v0.0.0-00010101000000-000000000000
	github.com/exitlint/exitlint/envelope v0.0.0-00010101000000-000000000000
	github.com/exitlint/exitlint/exitcode v0.0.0-00010101000000-000000000000
	github.com/sirupsen/logrus v0.0.0-00010101000000-000000000000
	github.com/spf13/cobra v0.0.0-00010101000000-000000000000
	github.com/spf13/pflag v0.0.0-00010101000000-000000000000
	github.com/urfave/cli/v2 v2.0.0-00010101000000-000000000000
	github.com/jessevdk/go-flags v0.0.0-00010101000000-000000000000
	github.com/urfave/cli/v3 v3.0.0-00010101000000-000000000000
	go.uber.org/zap v0.0.0-00010101000000-000000000000
	k8s.io/klog/v2 v2.0.0-00010101000000-000000000000
	github.com/golang/glog v0.0.0-00010101000000-000000000000
	github.com/google/subcommands v0.0.0-00010101000000-000000000000
)

replace (
	github.com/alecthomas/kong => ../deps/kong
	github.com/mitchellh/cli => ../deps/mitchellhcli
	github.com/mark3labs/mcp-go => ../deps/mcpgo
	github.com/sourcegraph/jsonrpc2 => ../deps/jsonrpc2
	github.com/AlecAivazis/survey/v2 => ../deps/survey
	github.com/charmbracelet/huh => ../deps/huh
	github.com/charmbracelet/x/term => ../deps/charmterm
	github.com/mattn/go-isatty => ../deps/isatty
	golang.org/x/term => ../deps/xterm
	example.com/chatapi => ../deps/chatapi
	example.com/dielib => ../deps/dielib
	example.com/exitlib => ../deps/pkg/mod/example.com/exitlib@v1.0.0
	github.com/exitlint/exitlint/envelope => ../../envelope
	github.com/exitlint/exitlint/exitcode => ../../exitcode
	github.com/sirupsen/logrus => ../deps/logrus
	github.com/spf13/cobra => ../deps/cobra
	github.com/spf13/pflag => ../deps/pflag
	github.com/urfave/cli/v2 => ../deps/urfavecli
	github.com/jessevdk/go-flags => ../deps/goflags
	github.com/urfave/cli/v3 => ../deps/urfavecli3
	go.uber.org/zap => ../deps/zap
	k8s.io/klog/v2 => ../deps/klog
	github.com/golang/glog => ../deps/glog
	github.com/google/subcommands => ../deps/subcommands
)
