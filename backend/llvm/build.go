package llvm

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

// Options configure a build.
type Options struct {
	// CC links the shared object and compiles the runtime; "" finds cc,
	// gcc or clang.
	CC string
	// CacheDir holds built objects; "" is os.UserCacheDir()/myia.
	CacheDir string
	// NoCache builds in a temporary directory and keeps nothing.
	NoCache bool
}

// Runtime is the C runtime linked into every library: its source,
// compiled once per content (and compiler) into a cached object.
type Runtime struct {
	Source string
	// Libs are linked after the runtime object (-lopenblas for arrays).
	Libs []string
}

// Flags of each step.
var (
	OptFlags     = []string{"-O2"}
	LLCFlags     = []string{"-O2", "-filetype=obj", "-relocation-model=pic", "--fp-contract=off"}
	RuntimeFlags = []string{"-O3", "-fPIC", "-c", "-w", "-ffp-contract=off", "-fno-strict-aliasing"}
	LinkFlags    = []string{"-shared"}
)

// Tools are the paths of LLVM's opt and llc and of the C compiler.
type Tools struct {
	Opt, LLC, CC string
	Version      string // llvm-config --version and cc --version
}

var (
	toolsOnce sync.Once
	tools     Tools
	toolsErr  error
)

// FindTools finds opt and llc in `llvm-config --bindir` (llvm-config,
// else llvm-config-14, on PATH) and the C compiler.
func FindTools(cc string) (Tools, error) {
	toolsOnce.Do(func() { tools, toolsErr = findTools() })
	if toolsErr != nil {
		return Tools{}, toolsErr
	}
	t := tools
	if cc != "" {
		p, err := exec.LookPath(cc)
		if err != nil {
			return Tools{}, err
		}
		t.CC = p
	}
	return t, nil
}

func findTools() (Tools, error) {
	var cfg string
	for _, name := range []string{"llvm-config", "llvm-config-14"} {
		if p, err := exec.LookPath(name); err == nil {
			cfg = p
			break
		}
	}
	if cfg == "" {
		return Tools{}, fmt.Errorf("the LLVM backend needs LLVM's tools: no llvm-config on PATH (on Debian: apt-get install llvm-14)")
	}
	out, err := exec.Command(cfg, "--bindir").Output()
	if err != nil {
		return Tools{}, fmt.Errorf("%s --bindir: %v", cfg, err)
	}
	bin := strings.TrimSpace(string(out))
	ver, err := exec.Command(cfg, "--version").Output()
	if err != nil {
		return Tools{}, fmt.Errorf("%s --version: %v", cfg, err)
	}
	t := Tools{Opt: filepath.Join(bin, "opt"), LLC: filepath.Join(bin, "llc")}
	for _, p := range []string{t.Opt, t.LLC} {
		if _, err := os.Stat(p); err != nil {
			return Tools{}, fmt.Errorf("the LLVM backend needs %s: %v", p, err)
		}
	}
	for _, name := range []string{"cc", "gcc", "clang"} {
		if p, err := exec.LookPath(name); err == nil {
			t.CC = p
			break
		}
	}
	if t.CC == "" {
		return Tools{}, fmt.Errorf("no C compiler found (looked for cc, gcc and clang on PATH): the LLVM backend links with it")
	}
	ccv, err := exec.Command(t.CC, "--version").Output()
	if err != nil {
		return Tools{}, fmt.Errorf("%s --version: %v", t.CC, err)
	}
	t.Version = "llvm " + strings.TrimSpace(string(ver)) + "\n" + strings.TrimSpace(string(ccv))
	return t, nil
}

func hash(parts ...string) string {
	h := sha256.New()
	for _, s := range parts {
		io.WriteString(h, s)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Build makes a shared object of the LLVM IR src linked with rt, and
// returns its path. Objects are cached under the SHA-256 of the IR, the
// runtime, the tools' paths and versions and the flags; the hash of each
// object is stored beside it and checked before use, so that a
// truncated or corrupted entry is rebuilt, never loaded. The tools run
// without a shell, arguments as a list, in a private temporary
// directory. With NoCache the object is in a temporary directory the
// caller removes (tmp).
func Build(src string, rt Runtime, opts Options) (path string, cached bool, tmp string, err error) {
	t, err := FindTools(opts.CC)
	if err != nil {
		return "", false, "", err
	}
	// The records of unions start with the runtime's myia_box, which the
	// generated code mirrors (boxType): the C compiler checks that they
	// agree.
	rt.Source += fmt.Sprintf("\n_Static_assert(sizeof(myia_box) == %d && offsetof(myia_box, rc) == 0 && offsetof(myia_box, drop) == 8, \"backend/llvm's %%myia_box (boxType, gen.go) differs from rt.inc's myia_box\");\n", boxSize)
	// So does the list code (the offsets of prims_list.go).
	rt.Source += fmt.Sprintf("_Static_assert(offsetof(myia_list, len) == %d && offsetof(myia_list, data) == %d && offsetof(myia_list, cap) == %d && offsetof(myia_list, rc) == %d && sizeof(myia_list) == %d, \"backend/llvm's list code (prims_list.go) reads a myia_list where rt.inc's is not\");\n",
		listOffLen, listOffData, listOffCap, listOffRC, listHeaderSize)
	flags := strings.Join(OptFlags, " ") + "|" + strings.Join(LLCFlags, " ") + "|" + strings.Join(RuntimeFlags, " ") + "|" + strings.Join(LinkFlags, " ")
	tool := t.Opt + "|" + t.LLC + "|" + t.CC + "|" + t.Version
	key := hash("llvm", src, rt.Source, strings.Join(rt.Libs, " "), tool, flags)
	if opts.NoCache {
		dir, err := os.MkdirTemp("", "myia-llvm-")
		if err != nil {
			return "", false, "", err
		}
		rto, err := compileRuntime(t, rt, dir)
		if err == nil {
			path, err = link(t, src, rto, dir, rt.Libs...)
		}
		if err != nil {
			os.RemoveAll(dir)
			return "", false, "", err
		}
		return path, false, dir, nil
	}
	dir, err := cacheDir(opts.CacheDir)
	if err != nil {
		return "", false, "", err
	}
	so := filepath.Join(dir, "llvm-"+key+".so")
	if verify(so) {
		return so, true, "", nil
	}
	// The runtime object: compiled once per runtime source and compiler.
	rtObj := filepath.Join(dir, "rt-"+hash("rt", rt.Source, tool, flags)+".o")
	work, err := os.MkdirTemp("", "myia-llvm-")
	if err != nil {
		return "", false, "", err
	}
	defer os.RemoveAll(work)
	if !verify(rtObj) {
		built, err := compileRuntime(t, rt, work)
		if err != nil {
			return "", false, "", err
		}
		if err := store(built, rtObj); err != nil {
			return "", false, "", err
		}
	}
	built, err := link(t, src, rtObj, work, rt.Libs...)
	if err != nil {
		return "", false, "", err
	}
	if err := store(built, so); err != nil {
		return "", false, "", err
	}
	return so, false, "", nil
}

func cacheDir(dir string) (string, error) {
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

// verify reports whether the file at path has the hash stored beside it.
func verify(path string) bool {
	want, err := os.ReadFile(path + ".sha256")
	if err != nil {
		return false
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	got := sha256.Sum256(data)
	return string(bytes.TrimSpace(want)) == hex.EncodeToString(got[:])
}

// store copies built to path with its hash beside it, each written to a
// temporary file and renamed.
func store(built, path string) error {
	data, err := os.ReadFile(built)
	if err != nil {
		return err
	}
	digest := sha256.Sum256(data)
	if err := writeAtomic(path, data); err != nil {
		return err
	}
	return writeAtomic(path+".sha256", []byte(hex.EncodeToString(digest[:])+"\n"))
}

func writeAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o600)
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// run runs a tool without a shell in dir.
func run(dir, what, tool string, args ...string) error {
	cmd := exec.Command(tool, args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		msg := out.String()
		if len(msg) > 4000 {
			msg = msg[:4000] + "..."
		}
		return fmt.Errorf("%s failed on generated code (a myia bug, please report it): %v\n%s", what, err, msg)
	}
	return nil
}

func compileRuntime(t Tools, rt Runtime, dir string) (string, error) {
	in, out := filepath.Join(dir, "rt.c"), filepath.Join(dir, "rt.o")
	if err := os.WriteFile(in, []byte(rt.Source), 0o600); err != nil {
		return "", err
	}
	args := append(append([]string(nil), RuntimeFlags...), "-o", out, in)
	return out, run(dir, "the C compiler (runtime)", t.CC, args...)
}

// bigFunction is the length, in lines of IR, of a function from which
// opt runs without the SLP vectorizer, whose time grows faster than the
// function: in a straight-line main of 13,000 lines (a program inlined
// whole), SLP took 10.5 s and the rest of -O2 under 1 s; in one of
// 40,000 lines, minutes.
const bigFunction = 4000

// optFlags are opt's flags for the module src: OptFlags, without SLP
// vectorization if a function is longer than bigFunction.
func optFlags(src string) []string {
	flags := append([]string(nil), OptFlags...)
	n, longest := 0, 0
	for line := range strings.Lines(src) {
		switch {
		case strings.HasPrefix(line, "define "):
			n = 0
		case strings.HasPrefix(line, "}"):
			longest = max(longest, n)
		}
		n++
	}
	if longest > bigFunction {
		flags = append(flags, "-vectorize-slp=false")
	}
	return flags
}

// link runs opt, llc and the C compiler: IR -> optimised IR -> object
// -> shared object with the runtime object rto.
func link(t Tools, src, rto, dir string, libs ...string) (string, error) {
	ll, opt, obj, so := filepath.Join(dir, "prog.ll"), filepath.Join(dir, "prog.opt.bc"), filepath.Join(dir, "prog.o"), filepath.Join(dir, "prog.so")
	if err := os.WriteFile(ll, []byte(src), 0o600); err != nil {
		return "", err
	}
	if err := run(dir, "opt", t.Opt, append(optFlags(src), "-o", opt, ll)...); err != nil {
		return "", err
	}
	if err := run(dir, "llc", t.LLC, append(append([]string(nil), LLCFlags...), "-o", obj, opt)...); err != nil {
		return "", err
	}
	args := append(append(append([]string(nil), LinkFlags...), "-o", so, obj, rto), libs...)
	args = append(args, "-lm")
	if err := run(dir, "the C compiler (link)", t.CC, args...); err != nil {
		return "", err
	}
	return so, nil
}
