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

	"github.com/myia/myia/frontend"
	"github.com/myia/myia/ir"
)

//go:embed *.py
var files embed.FS

// Load parses and builds every stdlib file into m and returns its
// functions by name.
func Load(m *ir.Module) (map[string]*ir.Graph, error) {
	names, err := fs.Glob(files, "*.py")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	out := map[string]*ir.Graph{}
	for _, name := range names {
		src, err := files.ReadFile(name)
		if err != nil {
			return nil, err
		}
		path := "<stdlib>/" + name
		m.Sources[path] = string(src)
		f, err := frontend.Parse(path, src)
		if err != nil {
			return nil, fmt.Errorf("stdlib: %w", err)
		}
		gs, err := frontend.Build(m, f, frontend.BuildOptions{Builtins: out, Stdlib: true})
		if err != nil {
			return nil, fmt.Errorf("stdlib: %w", err)
		}
		for _, g := range gs {
			out[g.Name] = g
		}
	}
	return out, nil
}
