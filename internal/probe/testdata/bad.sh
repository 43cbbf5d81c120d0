#!/bin/sh
# bad.sh: a command-line program in POSIX shell that breaks the agent CLI
# contract in the ways exitlint probe must find. It always answers in JSON
# (no switch), but for --help, which it answers in text.
meta='"warnings":[],"meta":{"duration_ms":0}'
# First-run setup, on every call, help included: a directory of its own and a
# cache there. It is no effect of a command line, refused or not.
mkdir -p "$HOME/.bad/cache" && date +%s%N > "$HOME/.bad/cache/meta"
case "$1" in
--help)
	printf 'bad.sh deploys things\n\nCommands:\n  deploy   deploy a thing\n  status   show the status\n'
	exit 0 ;;
--version)
	# ok against the exit code.
	printf '{"ok":false,"data":{"version":"1"},"error":null,%s}\n' "$meta"
	exit 0 ;;
"")
	# Keys missing.
	printf '{"ok":true,"data":{}}\n'
	exit 0 ;;
--exitlint-probe-no-such-flag)
	# A bad flag exiting 2, said to be retryable.
	printf '{"ok":false,"data":null,"error":{"code":"BAD_FLAG","message":"unknown flag %s","retryable":true},%s}\n' "$1" "$meta"
	exit 2 ;;
deploy|status)
	if [ "$2" = "--help" ]; then
		# Asked only for status's usage, it writes its log first.
		[ "$1" = status ] && echo "$1" >> ./bad.log
		printf '{"ok":true,"data":{"usage":"bad.sh %s TARGET"},"error":null,%s}\n' "$1" "$meta"
		exit 0
	fi
	if [ "$2" = "crash" ]; then
		kill -SEGV $$
	fi
	if [ "$2" = "--watch" ]; then
		# Interrupted, it ends as the contract asks: an envelope, TIMEOUT.
		trap 'printf "{\"ok\":false,\"data\":null,\"error\":{\"code\":\"CANCELLED\",\"message\":\"interrupted\",\"phase\":\"execution\"},%s}\n" "$meta"; exit 10' INT
		sleep 30 &
		wait
	fi
	if [ "$2" = "--dry-run" ]; then
		# A dry run that writes.
		echo "$1" > ./deployed
		printf '{"ok":true,"data":{"would":"%s"},"error":null,%s}\n' "$1" "$meta"
		exit 0
	fi
	printf '{"ok":false,"data":null,"error":{"code":"BAD_ARGUMENTS","message":"%s needs a target"},%s}\n' "$1" "$meta"
	exit 3 ;;
*)
	# An invalid call that writes a file.
	echo "$1" >> ./bad.log
	printf '{"ok":false,"data":null,"error":{"code":"UNKNOWN_COMMAND","message":"no command %s"},%s}\n' "$1" "$meta"
	exit 3 ;;
esac
