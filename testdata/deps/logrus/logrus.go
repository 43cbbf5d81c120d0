// Package logrus is a stand-in for the library of that name: its fatals end
// the process through a function value, which only the fallback check's
// list of library fatals knows.
package logrus

import "os"

// Logger logs.
type Logger struct{ ExitFunc func(int) }

// Fatal logs and ends the process with 1.
func (l *Logger) Fatal(args ...any) { l.ExitFunc(1) }

// Fatalf logs and ends the process with 1.
func (l *Logger) Fatalf(format string, args ...any) { l.ExitFunc(1) }

// Info logs.
func (l *Logger) Info(args ...any) {}

var std = &Logger{ExitFunc: os.Exit}

// Fatal logs with the standard logger and ends the process with 1.
func Fatal(args ...any) { std.Fatal(args...) }

// Info logs with the standard logger.
func Info(args ...any) { std.Info(args...) }
