// Package klogonly ends the process only through klog, and imports
// neither os nor syscall: its fatal is reported all the same.
package klogonly

import "k8s.io/klog/v2"

// Load ends the process when err is not nil.
func Load(err error) {
	if err != nil {
		klog.Fatal(err) // want `klog.Fatal ends the process with 255`
	}
}
