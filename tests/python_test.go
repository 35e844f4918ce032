package tests

import (
	"bytes"
	"os"
	"os/exec"
	"sync"
	"testing"
)

// pythonWithNumpy returns a CPython that can import numpy, or "": the
// python3 on PATH first (it may be a pyenv build without numpy), then the
// system's.
var pythonWithNumpy = sync.OnceValue(func() string {
	for _, name := range []string{"python3", "/usr/bin/python3"} {
		path, err := exec.LookPath(name)
		if err != nil {
			continue
		}
		if exec.Command(path, "-c", "import numpy").Run() == nil {
			return path
		}
	}
	return ""
})

// usesNumpy reports whether a program imports numpy.
func usesNumpy(t *testing.T, file string) bool {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Contains(src, []byte("import numpy"))
}
