package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

// Code that runs only once the process has received SIGTERM (or SIGHUP,
// SIGQUIT) is its shutdown: the caller or a supervisor is stopping the
// run, no code of the table describes that, and 1 is the last resort.

// gracefulShutdown: the first signal cancels, a second forces the exit.
func gracefulShutdown() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	sigCh := make(chan os.Signal, 1)
	signal.Notify(sigCh, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		select {
		case <-sigCh:
			cancel()
			<-sigCh
			os.Exit(1)
		case <-ctx.Done():
			signal.Stop(sigCh)
		}
	}()
	return ctx
}

// forcedAfterThree: the exit follows a receive in the loop's body.
func forcedAfterThree() {
	ch := make(chan os.Signal, 3)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		for i := range 3 {
			sig := <-ch
			if i+1 >= 3 {
				fmt.Fprintf(os.Stderr, "%v received three times\n", sig)
				os.Exit(1)
			}
		}
	}()
}

// rangeOverSignals: every iteration runs after a signal.
func rangeOverSignals() {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGTERM)
	go func() {
		for range ch {
			os.Exit(1)
		}
	}()
}

// notifyContextDone: the context of signal.NotifyContext is done.
func notifyContextDone() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		os.Exit(1)
	}()
}

// registerShutdownCh returns a channel the termination signals arrive on.
func registerShutdownCh() <-chan os.Signal {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	return ch
}

// onShutdown runs callback once a termination signal arrives.
func onShutdown(callback func()) {
	ch := registerShutdownCh()
	sig := <-ch
	fmt.Fprintf(os.Stderr, "received %s, shutting down\n", sig)
	callback()
}

// whileInspecting: the callback's exit runs only after the signal.
func whileInspecting(clean func()) {
	go onShutdown(func() {
		clean()
		os.Exit(1)
	})
}

// Look-alikes that stay reported.

// interruptOnly: a Ctrl-C at the terminal during an interactive operation
// (a prompt, a full-screen view) is the user cancelling it; a program with
// a code for a cancelled operation should use it there.
func interruptOnly() {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt)
	go func() {
		<-ch
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}()
}

// exitBeforeSignal: the exit does not wait for the signal.
func exitBeforeSignal(err error) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGTERM)
	if err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	<-ch
}

// maybeSignal: a select with a default may go on without any signal.
func maybeSignal() {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGTERM)
	select {
	case <-ch:
		fmt.Println("stopping")
	default:
	}
	os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
}

// doneChannel: a channel no signal is relayed to.
func doneChannel(done chan struct{}) {
	go func() {
		<-done
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}()
}

// onFailure calls its callback before any signal arrives.
func onFailure(callback func()) {
	callback()
	<-registerShutdownCh()
}

func whileFailing() {
	onFailure(func() {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	})
}
