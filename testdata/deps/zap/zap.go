// Package zap is a stand-in for go.uber.org/zap: the presets and a
// Config whose Build may fail.
package zap

import "errors"

type Logger struct{}

func (*Logger) Info(msg string) {}

type Option interface{}

type Config struct {
	Encoding    string
	OutputPaths []string
}

func NewProductionConfig() Config { return Config{Encoding: "json", OutputPaths: []string{"stderr"}} }
func NewDevelopmentConfig() Config {
	return Config{Encoding: "console", OutputPaths: []string{"stderr"}}
}

// Build fails for an encoding or an output path it cannot open.
func (c Config) Build(opts ...Option) (*Logger, error) {
	if c.Encoding != "json" && c.Encoding != "console" {
		return nil, errors.New("no encoder " + c.Encoding)
	}
	return &Logger{}, nil
}

func NewProduction(opts ...Option) (*Logger, error)  { return NewProductionConfig().Build(opts...) }
func NewDevelopment(opts ...Option) (*Logger, error) { return NewDevelopmentConfig().Build(opts...) }
