package cgo

import (
	"fmt"
	"strings"

	"github.com/myia/myia/backend/llvm/plan"
	"github.com/myia/myia/ir"
)

// Lowerings of environments of sensitivities (AD): an environment whose
// keys inference knows is a struct (kEnv) with, for each key, a flag
// h<i> that says it is set and the value f<i>, zero when absent; the
// empty environment has no data.

func init() {
	lowerings[ir.NewEnv] = lowerNewEnv
	lowerings[ir.EnvSetItem] = lowerEnvSetItem
	lowerings[ir.EnvGetItem] = lowerEnvGetItem
}

// envIndex is the index of key k among the keys of t, or -1 (t may be
// the empty environment).
func envIndex(t *ctype, k ir.EnvKey) int {
	if t.kind != kEnv {
		return -1
	}
	return plan.EnvIndex(t.keys, k)
}

// envKey is the key that n, a constant, holds.
func envKey(pos ir.Pos, n ir.Node) ir.EnvKey { return plan.EnvKeyOf(backendName, pos, n) }

func lowerNewEnv(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	switch {
	case res.kind == kEnv:
		e.line("%s = %s;", dst, e.zero(res))
		e.isOwned = true // nothing to retain
	case res.env:
		e.line("%s = 0;", dst)
	default:
		refuse(a.Pos(), "an environment of type %s", res)
	}
}

func lowerEnvSetItem(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	env, tenv := e.val(args[0])
	k := envKey(a.Pos(), args[1])
	v, tv := e.val(args[2])
	i := envIndex(res, k)
	if i < 0 {
		refuse(a.Pos(), "env_setitem giving a %s", res)
	}
	// dst borrows env's values and v; apply retains them all. The value
	// env holds for k (its type may differ from v's) is dropped.
	e.line("%s = %s;", dst, e.convEnv(a.Pos(), env, tenv, res, k))
	e.line("%s.h%d = 1; %s.f%d = %s;", dst, i, dst, i, e.conv(a.Pos(), v, tv, res.elems[i]))
}

func lowerEnvGetItem(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	env, tenv := e.val(args[0])
	k := envKey(a.Pos(), args[1])
	d, td := e.val(args[2])
	i := envIndex(tenv, k)
	if i < 0 {
		e.line("%s = %s;", dst, e.conv(a.Pos(), d, td, res))
		return
	}
	e.line("%s = %s.h%d ? %s : %s;", dst, env, i, e.conv(a.Pos(), fmt.Sprintf("%s.f%d", env, i), tenv.elems[i], res), e.conv(a.Pos(), d, td, res))
}

// convEnv is x, an environment of ctype from (possibly the empty one),
// as one of ctype to, whose keys include from's, without the key drop
// (plan.NoKey keeps them all).
func (e *fnEmitter) convEnv(pos ir.Pos, x string, from, to *ctype, drop ir.EnvKey) string {
	if from.env {
		return e.zero(to)
	}
	if from.kind != kEnv {
		refuse(pos, "a %s where a %s is expected", from, to)
	}
	var parts []string
	for j, k := range from.keys {
		if k == drop {
			continue
		}
		i := envIndex(to, k)
		if i < 0 {
			refuse(pos, "a %s where a %s is expected", from, to)
		}
		parts = append(parts, fmt.Sprintf(".h%d = %s.h%d, .f%d = %s", i, x, j, i, e.conv(pos, fmt.Sprintf("%s.f%d", x, j), from.elems[j], to.elems[i])))
	}
	return "((" + to.name + "){" + strings.Join(parts, ", ") + "})"
}

// envGaddInto sets dst (an environment of ctype res) to gadd(x, y), key
// by key: the sum where both are set, else the one that is.
func (e *fnEmitter) envGaddInto(pos ir.Pos, dst string, res *ctype, x string, tx *ctype, y string, ty *ctype) {
	if res.kind != kEnv || !(tx.kind == kEnv || tx.env) || !(ty.kind == kEnv || ty.env) {
		refuse(pos, "gadd of a %s and a %s giving %s", tx, ty, res)
	}
	for i, k := range res.keys {
		el := res.elems[i]
		field := fmt.Sprintf("%s.f%d", dst, i)
		xi, yi := envIndex(tx, k), envIndex(ty, k)
		copyFrom := func(v string, tv *ctype) {
			e.line("%s = %s;", field, e.conv(pos, v, tv, el))
			if el.hasArrays() {
				e.line("%s", e.retain(el, field))
			}
		}
		has := func(v string, j int) string { return fmt.Sprintf("%s.h%d", v, j) }
		val := func(v string, j int) string { return fmt.Sprintf("%s.f%d", v, j) }
		switch {
		case xi >= 0 && yi >= 0:
			e.line("if (%s && %s) {", has(x, xi), has(y, yi))
			e.gaddInto(pos, field, el, val(x, xi), tx.elems[xi], val(y, yi), ty.elems[yi])
			e.line("} else if (%s) {", has(x, xi))
			copyFrom(val(x, xi), tx.elems[xi])
			e.line("} else if (%s) {", has(y, yi))
			copyFrom(val(y, yi), ty.elems[yi])
			e.line("} else %s = %s;", field, e.zero(el))
			e.line("%s.h%d = %s || %s;", dst, i, has(x, xi), has(y, yi))
		case xi >= 0 || yi >= 0:
			v, j, tv := x, xi, tx
			if yi >= 0 {
				v, j, tv = y, yi, ty
			}
			e.line("if (%s) {", has(v, j))
			copyFrom(val(v, j), tv.elems[j])
			e.line("} else %s = %s;", field, e.zero(el))
			e.line("%s.h%d = %s;", dst, i, has(v, j))
		default:
			e.line("%s = %s; %s.h%d = 0;", field, e.zero(el), dst, i)
		}
	}
}
