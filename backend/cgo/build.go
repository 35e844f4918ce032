package cgo

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

// Options configure compilation and calls.
type Options struct {
	// CC is the C compiler; "" finds cc, gcc or clang on PATH.
	CC string
	// Flags replace DefaultFlags when set.
	Flags []string
	// CacheDir holds compiled objects; "" is os.UserCacheDir()/myia.
	CacheDir string
	// NoCache compiles in a temporary directory and keeps nothing.
	NoCache bool
	// Stdout receives what print writes; nil is os.Stdout.
	Stdout io.Writer
	// MaxDepth bounds the number of active calls; 200000 (the VM's) if zero.
	MaxDepth int
	// Arrays links the array runtime and OpenBLAS (BuildShared; Compile
	// knows it from the Unit).
	Arrays bool
}

// DefaultFlags compile generated code: optimised, position independent,
// IEEE arithmetic exactly as written (no contraction into FMA).
var DefaultFlags = []string{"-O2", "-fPIC", "-shared", "-w", "-ffp-contract=off", "-fno-strict-aliasing"}

// FindCC returns the C compiler to use: opts.CC, else cc, gcc or clang.
func FindCC(cc string) (string, error) {
	if cc != "" {
		return exec.LookPath(cc)
	}
	for _, name := range []string{"cc", "gcc", "clang"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("no C compiler found (looked for cc, gcc and clang on PATH)")
}

var versions sync.Map // compiler path -> its --version output

func ccVersion(cc string) (string, error) {
	if v, ok := versions.Load(cc); ok {
		return v.(string), nil
	}
	out, err := exec.Command(cc, "--version").Output()
	if err != nil {
		return "", fmt.Errorf("%s --version: %v", cc, err)
	}
	v := strings.TrimSpace(string(out))
	versions.Store(cc, v)
	return v, nil
}

// CacheDir is the directory of compiled objects, made with mode 0700.
func CacheDir(dir string) (string, error) {
	if dir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return "", err
		}
		dir = filepath.Join(base, "myia")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	return dir, nil
}

// Build compiles C source to a shared object and returns its path. The
// object is cached under the SHA-256 of the source, the compiler's path
// and version and the flags; the hash of the object is stored beside it
// and checked before the object is used, so that a truncated or
// corrupted entry is rebuilt, never loaded. With NoCache the object is in
// a temporary directory the caller removes (tmp).
func Build(src string, opts Options) (path string, cached bool, tmp string, err error) {
	return build(src, false, opts)
}

// build is Build; with arrays, the object links the array runtime
// (compiled once, cached) and OpenBLAS.
func build(src string, arrays bool, opts Options) (path string, cached bool, tmp string, err error) {
	cc, err := FindCC(opts.CC)
	if err != nil {
		return "", false, "", err
	}
	version, err := ccVersion(cc)
	if err != nil {
		return "", false, "", err
	}
	flags := opts.Flags
	if flags == nil {
		flags = DefaultFlags
	}
	var extra []string
	if arrays {
		extra = []string{"rtarray"}
	}
	h := sha256.New()
	for _, s := range append([]string{src, cc, version, strings.Join(flags, "\x00")}, extra...) {
		io.WriteString(h, s)
		h.Write([]byte{0})
	}
	if arrays {
		io.WriteString(h, ArrayRuntimeSource())
		io.WriteString(h, strings.Join(ArrayRuntimeFlags, "\x00"))
	}
	key := hex.EncodeToString(h.Sum(nil))
	if opts.NoCache {
		dir, err := os.MkdirTemp("", "myia-cc-")
		if err != nil {
			return "", false, "", err
		}
		var link []string
		if arrays {
			obj, err := arrayRuntimeObject(cc, version, opts, dir)
			if err != nil {
				os.RemoveAll(dir)
				return "", false, "", err
			}
			link = append([]string{obj}, arrayLibs...)
		}
		so, err := compile(cc, flags, src, dir, link...)
		if err != nil {
			os.RemoveAll(dir)
			return "", false, "", err
		}
		return so, false, dir, nil
	}
	dir, err := CacheDir(opts.CacheDir)
	if err != nil {
		return "", false, "", err
	}
	so := filepath.Join(dir, key+".so")
	sum := so + ".sha256"
	if verify(so, sum) {
		return so, true, "", nil
	}
	var link []string
	if arrays {
		obj, err := arrayRuntimeObject(cc, version, opts, "")
		if err != nil {
			return "", false, "", err
		}
		link = append([]string{obj}, arrayLibs...)
	}
	work, err := os.MkdirTemp("", "myia-cc-")
	if err != nil {
		return "", false, "", err
	}
	defer os.RemoveAll(work)
	built, err := compile(cc, flags, src, work, link...)
	if err != nil {
		return "", false, "", err
	}
	data, err := os.ReadFile(built)
	if err != nil {
		return "", false, "", err
	}
	digest := sha256.Sum256(data)
	if err := writeAtomic(so, data); err != nil {
		return "", false, "", err
	}
	if err := writeAtomic(sum, []byte(hex.EncodeToString(digest[:])+"\n")); err != nil {
		return "", false, "", err
	}
	return so, false, "", nil
}

// verify reports whether the object at so has the hash stored in sum.
func verify(so, sum string) bool {
	want, err := os.ReadFile(sum)
	if err != nil {
		return false
	}
	data, err := os.ReadFile(so)
	if err != nil {
		return false
	}
	got := sha256.Sum256(data)
	return string(bytes.TrimSpace(want)) == hex.EncodeToString(got[:])
}

func writeAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Chmod(f.Name(), 0o600); err != nil {
		os.Remove(f.Name())
		return err
	}
	return os.Rename(f.Name(), path)
}

// compile runs the C compiler, without a shell, in dir.
func compile(cc string, flags []string, src, dir string, link ...string) (string, error) {
	in := filepath.Join(dir, "prog.c")
	out := filepath.Join(dir, "prog.so")
	if err := os.WriteFile(in, []byte(src), 0o600); err != nil {
		return "", err
	}
	args := append(append([]string(nil), flags...), "-o", out, in)
	args = append(append(args, link...), "-lm")
	if err := run(cc, args, dir); err != nil {
		return "", err
	}
	return out, nil
}

// run runs the C compiler with args, without a shell, in dir.
func run(cc string, args []string, dir string) error {
	cmd := exec.Command(cc, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Stdout = &stderr
	if err := cmd.Run(); err != nil {
		msg := stderr.String()
		if len(msg) > 4000 {
			msg = msg[:4000] + "..."
		}
		return fmt.Errorf("C compiler failed on generated code (a myia bug, please report it): %v\n%s", err, msg)
	}
	return nil
}
