// Package tests holds myia's end-to-end tests: golden files
// (testdata/<area>/*.txtar), the differential corpus (corpus/*.py with
// their .out, checked on the VM and against CPython) and the error
// corpus (errors/*.py).
package tests

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/myia/myia"
	"github.com/myia/myia/ir"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the expected sections of the golden files")

// A golden file is a txtar archive. Its comment says what the case is
// about; its files are:
//
//	in.py             the program, compiled as "in.py" with Config{Verify: true}
//	ir/STAGE/FN       ir.Fprint of function FN after pass STAGE
//	run               the stdout of main() on the VM
//	errors            the diagnostics, as Sources.Format prints them
//	                  (a compile error, or else a run-time error of main())
//	warnings          the warnings, as `myia run` prints them
//
// Only the sections present are checked; -update rewrites them.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no golden files in testdata/*/")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.ToSlash(file), ".txtar")
		name = strings.TrimPrefix(name, "testdata/")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			runGolden(t, file)
		})
	}
}

func runGolden(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if len(bytes.TrimSpace(ar.Comment)) == 0 {
		t.Errorf("%s: the archive comment must say what the case is about", file)
	}
	var src []byte
	have := map[string]bool{}
	for _, f := range ar.Files {
		have[f.Name] = true
		switch {
		case f.Name == "in.py":
			src = f.Data
		case f.Name == "run", f.Name == "errors", f.Name == "warnings", f.Name == "flags":
		case strings.HasPrefix(f.Name, "ir/") && strings.Count(f.Name, "/") == 2:
		default:
			t.Errorf("%s: unknown section %q", file, f.Name)
		}
	}
	if src == nil {
		t.Fatalf("%s: no in.py", file)
	}
	got := map[string]string{}
	reverse := goldenFlags(t, ar)

	// The whole pipeline, then main() if the run or errors are checked.
	p, err := myia.Compile("in.py", src, myia.Config{Verify: true, ReverseGrad: reverse})
	failInternal(t, err)
	sources := p.Module.Sources
	if have["warnings"] {
		got["warnings"] = myia.FormatWarnings(sources, p.Module.Warnings)
	}
	if err == nil && (have["run"] || have["errors"]) {
		var out bytes.Buffer
		err = myia.Protect("vm", func() error {
			_, err := p.Run("main", nil, myia.RunOptions{Stdout: &out})
			return err
		})
		failInternal(t, err)
		got["run"] = out.String()
	}
	if err != nil {
		got["errors"] = sources.Format(err)
		if !have["errors"] {
			t.Errorf("unexpected error:\n%s", got["errors"])
		}
	} else if have["errors"] {
		got["errors"] = ""
	}

	// IR after each stage named.
	stages := map[string][]string{}
	for _, f := range ar.Files {
		if parts := strings.Split(f.Name, "/"); len(parts) == 3 && parts[0] == "ir" {
			stages[parts[1]] = append(stages[parts[1]], parts[2])
		}
	}
	for _, stage := range sortedKeys(stages) {
		if !contains(myia.StageNames(), stage) {
			t.Errorf("ir/%s: no such stage (the stages are %v)", stage, myia.StageNames())
			continue
		}
		p, err := myia.Compile("in.py", src, myia.Config{Verify: true, Until: stage, ReverseGrad: reverse})
		failInternal(t, err)
		if err != nil {
			t.Errorf("compile until %s:\n%s", stage, p.Module.Sources.Format(err))
			continue
		}
		for _, fn := range stages[stage] {
			g := p.Graph(fn)
			if g == nil {
				t.Errorf("ir/%s/%s: no function %s", stage, fn, fn)
				continue
			}
			var b strings.Builder
			ir.Fprint(&b, g)
			got["ir/"+stage+"/"+fn] = b.String()
		}
	}

	changed := false
	for i, f := range ar.Files {
		g, ok := got[f.Name]
		if !ok || g == string(f.Data) {
			continue
		}
		if *update {
			ar.Files[i].Data = []byte(g)
			changed = true
			continue
		}
		t.Errorf("%s: section %s differs (-want +got):\n%s", file, f.Name, cmp.Diff(string(f.Data), g))
	}
	if changed {
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("updated %s", file)
	}
}

// failInternal stops the test on a compiler bug, with its stack.
func failInternal(t *testing.T, err error) {
	t.Helper()
	var ie *myia.InternalError
	if errors.As(err, &ie) {
		t.Fatalf("%v\n%s", ie, ie.Stack)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// goldenFlags reads an archive's flags section: "reverse-grad" compiles
// with Config.ReverseGrad (cases about the J transform's code, which
// grad of one float argument does not take by default).
func goldenFlags(t *testing.T, ar *txtar.Archive) (reverse bool) {
	for _, f := range ar.Files {
		if f.Name != "flags" {
			continue
		}
		for _, flag := range strings.Fields(string(f.Data)) {
			if flag != "reverse-grad" {
				t.Fatalf("flags: unknown flag %q (known: reverse-grad)", flag)
			}
			reverse = true
		}
	}
	return reverse
}
