package main

import (
	"github.com/golang/glog"
	"k8s.io/klog/v2"
)

// klog's and glog's Fatal functions do not end the process with
// GENERAL_ERROR (klog exits 255, glog from v1.1.0 aborts, which ends it
// with 2): a finding that called them a catch-all 1 would be wrong, and
// barecode reports their codes. Their Exit functions do end with 1.

func logFatals(err error) {
	if err == nil {
		return
	}
	if len(err.Error()) > 3 {
		klog.Fatalf("load: %v", err)
	}
	if len(err.Error()) > 2 {
		glog.Fatal(err)
	}
	if len(err.Error()) > 1 {
		klog.Exitf("load: %v", err) // want `klog.Exitf ends the process with GENERAL_ERROR \(1\)`
	}
	glog.Exit(err) // want `glog.Exit ends the process with GENERAL_ERROR \(1\)`
}
