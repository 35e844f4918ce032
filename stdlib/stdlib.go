// Package stdlib holds what myia writes in its own language: builtins
// defined over primitives (and, later, the adjoint and tangent rules of
// the primitives). The files are embedded in the binary and compiled by
// myia's own frontend into the module of every program.
package stdlib

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"sync"

	"github.com/myia/myia/frontend"
	"github.com/myia/myia/ir"
)

//go:embed *.py
var files embed.FS

type parsed struct {
	path, src string
	ast       *frontend.File
}

// parse reads and parses the embedded files once; the ASTs are never
// modified, so every module shares them.
var parse = sync.OnceValues(func() ([]parsed, error) {
	names, err := fs.Glob(files, "*.py")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var out []parsed
	for _, name := range names {
		src, err := files.ReadFile(name)
		if err != nil {
			return nil, err
		}
		path := ir.StdlibPrefix + name
		f, err := frontend.Parse(path, src)
		if err != nil {
			return nil, fmt.Errorf("stdlib: %w", err)
		}
		out = append(out, parsed{path, string(src), f})
	}
	return out, nil
})

// Load builds every stdlib file into m and returns its functions by name.
func Load(m *ir.Module) (map[string]*ir.Graph, error) {
	files, err := parse()
	if err != nil {
		return nil, err
	}
	out := map[string]*ir.Graph{}
	for _, f := range files {
		m.Sources[f.path] = f.src
		gs, err := frontend.Build(m, f.ast, frontend.BuildOptions{Builtins: out, Stdlib: true})
		if err != nil {
			return nil, fmt.Errorf("stdlib: %w", err)
		}
		for _, g := range gs {
			out[g.Name] = g
		}
	}
	return out, nil
}
