package llvm

import (
	"github.com/myia/myia/backend/llvm/plan"
	"github.com/myia/myia/ir"
)

// Lowerings of environments of sensitivities (AD), as backend/cgo's
// prims_env.go: an environment whose keys inference knows is a struct
// (kEnv) of the value of each key (fields 0..n-1, zero when absent) and
// a flag per key (fields n..2n-1: the key is set); the empty environment
// has no data.

func init() {
	lowerings[ir.NewEnv] = lowerNewEnv
	lowerings[ir.EnvSetItem] = lowerEnvSetItem
	lowerings[ir.EnvGetItem] = lowerEnvGetItem
}

// envIndex is the index of key k among the keys of t, or -1 (t may be
// the empty environment).
func envIndex(t *ltype, k ir.EnvKey) int {
	if t.kind != kEnv {
		return -1
	}
	return plan.EnvIndex(t.keys, k)
}

// envKey is the key that n, a constant, holds.
func envKey(pos ir.Pos, n ir.Node) ir.EnvKey { return plan.EnvKeyOf(backendName, pos, n) }

// envHas is the flag (an i1) of the key of index i of x, an environment
// of ltype t.
func (e *fnEmitter) envHas(x string, t *ltype, i int) string {
	return e.def("extractvalue %s %s, %d", t.name, x, len(t.elems)+i)
}

// envSet is x, an environment of ltype t, with the key of index i set to
// v (a value of t.elems[i]).
func (e *fnEmitter) envSet(x string, t *ltype, i int, v string) string {
	x = e.def("insertvalue %s %s, i1 true, %d", t.name, x, len(t.elems)+i)
	return e.def("insertvalue %s %s, %s %s, %d", t.name, x, t.elems[i].name, v, i)
}

func lowerNewEnv(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	switch {
	case res.kind == kEnv:
		e.isOwned = true // nothing to retain
		return "zeroinitializer"
	case res.env:
		return "0"
	}
	refuse(a.Pos(), "an environment of type %s", res)
	return ""
}

func lowerEnvSetItem(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	env, tenv := e.val(args[0])
	k := envKey(a.Pos(), args[1])
	v, tv := e.val(args[2])
	i := envIndex(res, k)
	if i < 0 {
		refuse(a.Pos(), "env_setitem giving a %s", res)
	}
	// The result borrows env's values and v; apply retains them all. The
	// value env holds for k (its type may differ from v's) is dropped.
	x := e.convEnv(a.Pos(), env, tenv, res, k)
	return e.envSet(x, res, i, e.conv(a.Pos(), v, tv, res.elems[i]))
}

func lowerEnvGetItem(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	env, tenv := e.val(args[0])
	k := envKey(a.Pos(), args[1])
	d, td := e.val(args[2])
	i := envIndex(tenv, k)
	if i < 0 {
		return e.conv(a.Pos(), d, td, res)
	}
	has := e.envHas(env, tenv, i)
	x := e.conv(a.Pos(), e.field(env, tenv, i), tenv.elems[i], res)
	y := e.conv(a.Pos(), d, td, res)
	return e.def("select i1 %s, %s %s, %s %s", has, res.name, x, res.name, y)
}

// convEnv is x, an environment of ltype from (possibly the empty one),
// as one of ltype to, whose keys include from's, without the key drop
// (plan.NoKey keeps them all).
func (e *fnEmitter) convEnv(pos ir.Pos, x string, from, to *ltype, drop ir.EnvKey) string {
	if from.env {
		return "zeroinitializer"
	}
	if from.kind != kEnv {
		refuse(pos, "a %s where a %s is expected", from, to)
	}
	r := "zeroinitializer"
	for j, k := range from.keys {
		if k == drop {
			continue
		}
		i := envIndex(to, k)
		if i < 0 {
			refuse(pos, "a %s where a %s is expected", from, to)
		}
		r = e.def("insertvalue %s %s, i1 %s, %d", to.name, r, e.envHas(x, from, j), len(to.elems)+i)
		v := e.conv(pos, e.field(x, from, j), from.elems[j], to.elems[i])
		r = e.def("insertvalue %s %s, %s %s, %d", to.name, r, to.elems[i].name, v, i)
	}
	return r
}

// envGadd is gadd(x, y) of environments (either may be the empty one),
// an environment of ltype res holding a new reference to each of its
// arrays: key by key, the sum where both are set, else the one that is.
func (e *fnEmitter) envGadd(pos ir.Pos, res *ltype, x string, tx *ltype, y string, ty *ltype) string {
	if res.kind != kEnv || !(tx.kind == kEnv || tx.env) || !(ty.kind == kEnv || ty.env) {
		refuse(pos, "gadd of a %s and a %s giving %s", tx, ty, res)
	}
	r := "zeroinitializer"
	for i, k := range res.keys {
		el := res.elems[i]
		xi, yi := envIndex(tx, k), envIndex(ty, k)
		if xi < 0 && yi < 0 {
			continue // absent: zero
		}
		// The value is computed in the branch that applies, through a
		// slot (a conversion may write instructions).
		s := e.slot(el.name)
		join := e.newLabel()
		copyFrom := func(v string, tv *ltype, j int) {
			c := e.conv(pos, e.field(v, tv, j), tv.elems[j], el)
			e.refOp(el, c, "retain")
			e.inst("store %s %s, %s* %s", el.name, c, el.name, s)
			e.term("br label %%%s", join)
		}
		storeZero := func() {
			e.inst("store %s %s, %s* %s", el.name, zero(el), el.name, s)
			e.term("br label %%%s", join)
		}
		var has string
		switch {
		case xi >= 0 && yi >= 0:
			hx, hy := e.envHas(x, tx, xi), e.envHas(y, ty, yi)
			has = e.def("or i1 %s, %s", hx, hy)
			both, notBoth, onlyX, notX, onlyY, none := e.newLabel(), e.newLabel(), e.newLabel(), e.newLabel(), e.newLabel(), e.newLabel()
			e.term("br i1 %s, label %%%s, label %%%s", e.def("and i1 %s, %s", hx, hy), both, notBoth)
			e.label(both)
			v := e.gaddArrays(pos, el, e.field(x, tx, xi), tx.elems[xi], e.field(y, ty, yi), ty.elems[yi])
			e.inst("store %s %s, %s* %s", el.name, v, el.name, s)
			e.term("br label %%%s", join)
			e.label(notBoth)
			e.term("br i1 %s, label %%%s, label %%%s", hx, onlyX, notX)
			e.label(onlyX)
			copyFrom(x, tx, xi)
			e.label(notX)
			e.term("br i1 %s, label %%%s, label %%%s", hy, onlyY, none)
			e.label(onlyY)
			copyFrom(y, ty, yi)
			e.label(none)
			storeZero()
		default:
			v, j, tv := x, xi, tx
			if yi >= 0 {
				v, j, tv = y, yi, ty
			}
			has = e.envHas(v, tv, j)
			set, unset := e.newLabel(), e.newLabel()
			e.term("br i1 %s, label %%%s, label %%%s", has, set, unset)
			e.label(set)
			copyFrom(v, tv, j)
			e.label(unset)
			storeZero()
		}
		e.label(join)
		val := e.def("load %s, %s* %s", el.name, el.name, s)
		r = e.def("insertvalue %s %s, i1 %s, %d", res.name, r, has, len(res.elems)+i)
		r = e.def("insertvalue %s %s, %s %s, %d", res.name, r, el.name, val, i)
	}
	return r
}
