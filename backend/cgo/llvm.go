package cgo

import (
	"os"

	"github.com/myia/myia/backend/llvm"
	"github.com/myia/myia/backend/llvm/plan"
	"github.com/myia/myia/ir"
)

// RuntimeForLLVM is the runtime (rt.h, rt.inc) as one C file for the
// LLVM backend: its functions external with hidden visibility (MYIA_RT),
// so that the LLVM module calls them, plus the symbols the loader checks.
// The LLVM backend compiles it once into a cached object and links it
// into every library: printing, float repr, errors and Python's
// arithmetic helpers are the same code on both native backends.
func RuntimeForLLVM(arrays bool) string {
	src := "/* myia's runtime for the LLVM backend */\n" + rtHeader +
		"#define MYIA_RT __attribute__((visibility(\"hidden\")))\n#define MYIA_RT_INLINE MYIA_RT\n" + rtRuntime +
		"\nint myia_abi(void) { return MYIA_ABI; }\nint64_t myia_ctx_size(void) { return (int64_t)sizeof(myia_ctx); }\nint64_t myia_boxes_live(void) { return myia_box_count; }\n"
	if arrays {
		// The array runtime too (a second cached object: rtarray.inc
		// takes a second to compile).
		src += LLVMArrayRuntime()
	}
	return src
}

// CompileLLVM translates the typed graphs reached from entry to LLVM IR
// (backend/llvm), builds them with opt, llc and the C compiler linked
// with the shared runtime (or finds them in the cache), and loads the
// result with the same loader as the C backend.
func CompileLLVM(m *ir.Module, entry *ir.Graph, opts Options) (*Library, error) {
	lu, err := llvm.Generate(m, entry)
	if err != nil {
		return nil, err
	}
	u, err := layout(m, entry)
	if err != nil {
		return nil, err
	}
	u.Source = lu.Source
	u.Code = lu.Source
	for _, s := range lu.Sites {
		u.Sites = append(u.Sites, Site{Pos: s.Pos, Func: s.Func})
	}
	rt := llvm.Runtime{Source: RuntimeForLLVM(lu.Arrays)}
	if lu.Arrays {
		rt.Libs = arrayLibs
	}
	u.Arrays = lu.Arrays
	path, cached, tmp, err := llvm.Build(lu.Source, rt,
		llvm.Options{CC: opts.CC, CacheDir: opts.CacheDir, NoCache: opts.NoCache})
	if err != nil {
		return nil, err
	}
	if tmp != "" {
		defer os.RemoveAll(tmp)
	}
	l, err := Load(path, u, opts)
	if err != nil {
		return nil, err
	}
	l.Cached = cached
	return l, nil
}

// layout is a Unit without code: the entry's name and the layout of its
// arguments and result, as the loader marshals them.
func layout(m *ir.Module, entry *ir.Graph) (u *Unit, err error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(*ir.Error); ok {
				u, err = nil, e
				return
			}
			panic(r)
		}
	}()
	g := &gen{Plan: &plan.Plan{M: m}, ts: newTypes(m), siteIdx: map[Site]int{}, printers: map[string]bool{}}
	u = &Unit{Entry: plan.FuncName(entry)}
	for _, prm := range entry.Params {
		u.params = append(u.params, g.typeOf(prm))
	}
	u.result = g.typeOf(entry.Output())
	return u, nil
}
