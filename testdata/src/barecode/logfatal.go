package barecode

import (
	"log"

	"github.com/golang/glog"
	"k8s.io/klog/v2"
)

// A logging library's fatal ends the process with the code the library
// chooses, which is not always 1: klog's Fatal functions exit 255 after
// dumping every goroutine's stack, glog's (from v1.1.0) abort the process,
// which the Go runtime ends with 2. Their Exit functions and the standard
// library's log.Fatal end with 1, which is fallback's concern, not a code
// of the wrong range or meaning.

func klogFatal(err error) {
	if err != nil {
		klog.Fatalf("load: %v", err) // want `klog.Fatalf ends the process with 255 after a stack dump of every goroutine, and 255 is in the shell-reserved range 126–255`
	}
}

func klogFatalPlain(err error) {
	if err != nil {
		klog.Fatal(err) // want `klog.Fatal ends the process with 255`
	}
}

func glogFatal(err error) {
	if err != nil {
		glog.Fatal(err) // want `glog.Fatal ends the process with 2 after a stack dump of every goroutine, and an agent reads 2 as PARTIAL_FAILURE`
	}
}

func klogExit(err error) {
	if err != nil {
		klog.Exitf("load: %v", err) // exits 1: no code of the wrong range
	}
}

func glogExit(err error) {
	if err != nil {
		glog.Exit(err) // exits 1
	}
}

func stdFatal(err error) {
	if err != nil {
		log.Fatal(err) // exits 1
	}
}

func klogInfo() { klog.Info("ready") } // logs, never exits
