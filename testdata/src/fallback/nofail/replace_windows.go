//go:build windows

package main

import "os"

func (u *updater) prepare() (func(), error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	if err := os.Rename(exe, exe+".old"); err != nil {
		return nil, err
	}
	return func() { os.Rename(exe+".old", exe) }, nil
}
