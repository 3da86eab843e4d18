"""Assembles the benchmark table from the JSON files scripts/bench.sh wrote. Usage: report.py WORK_DIR"""
import json, os, sys

work = sys.argv[1]
def load(name, default=None):
    path = os.path.join(work, name)
    return json.load(open(path)) if os.path.exists(path) else default

rows = load("swift.json", []) + load("memory.json", []) + load("nonces.json", [])
python = load("python.json", {})
wrk = load("wrk.json", {})
lines = ["| figure | measured | reference in the same run | ratio | goal | met |", "|---|---|---|---|---|---|"]
def add(figure, value, reference, ratio, goal, met):
    mark = "—" if met is None else ("yes" if met else "**no**")
    lines.append(f"| {figure} | {value} | {reference} | {ratio} | {goal} | {mark} |")

swift_rates = {}
for row in rows:
    add(row["figure"], row["value"], row["reference"], row["ratio"], row["goal"], row.get("met"))
    for alg in ("ES256", "HS256", "RS256"):
        if row["figure"].startswith(alg):
            swift_rates[alg] = float(row["value"].split("/s")[0])
for alg in ("ES256", "HS256", "RS256"):
    if alg in swift_rates and python:
        py, jo = python["pyjwt"][alg], python["joserfc"][alg]
        raw = python.get("openssl", {}).get(alg)
        ratio = swift_rates[alg] / py
        goal = "≥ 3× PyJWT" if alg != "HS256" else "report"
        floor = f"; OpenSSL's signature check alone {raw:.0f}/s" if raw else ""
        add(f"{alg} validation: this package vs PyJWT / joserfc", f"{swift_rates[alg]:.0f}/s",
            f"PyJWT {py:.0f}/s, joserfc {jo:.0f}/s{floor}", f"{ratio:.1f}× PyJWT, {swift_rates[alg] / jo:.1f}× joserfc",
            goal, (ratio >= 3) if alg != "HS256" else None)
emu, glew = wrk.get("emulator"), wrk.get("glewlwyd")
if emu:
    ref = f"glewlwyd {glew['rps']:.0f} req/s, p99 {glew['p99']}, peak {glew['peak_mib']} MiB" if glew else "glewlwyd: not run"
    ratio = f"{emu['rps'] / glew['rps']:.1f}× glewlwyd" if glew else "—"
    add("emulator token endpoint (refresh grant), wrk -t2 -c32", f"{emu['rps']:.0f} req/s, p99 {emu['p99']}, peak {emu['peak_mib']} MiB",
        ref, ratio, "≥ 10× glewlwyd", (emu["rps"] >= 10 * glew["rps"]) if glew else None)
state = wrk.get("emulator_state")
if emu and state:
    add("emulator token endpoint with --state FILE (written in the background), wrk -t2 -c32",
        f"{state['rps']:.0f} req/s, p99 {state['p99']}, peak {state['peak_mib']} MiB",
        f"without --state {emu['rps']:.0f} req/s, p99 {emu['p99']}", f"{state['rps'] / emu['rps']:.2f}× without",
        "≥ 0.9× without", state["rps"] >= 0.9 * emu["rps"])
def middleware_rows(name, mw):
    """One framework's rows: each route against the open route, and against the open route behind a
    middleware that does nothing (the framework's own cost of a middleware), measured in the same run.
    Figures are medians over interleaved rounds; a ratio is the median of the rounds' own ratios."""
    open_rps = mw["open"]
    passing = mw.get("open_middleware")
    ratios = mw.get("ratios", {})
    rounds = f" (median of {mw['rounds']} interleaved rounds)" if mw.get("rounds") else ""
    ref = f"open route {open_rps:.0f} req/s" + (f"; behind a do-nothing middleware {passing:.0f} req/s" if passing else "") + rounds
    def of_open(route):
        return ratios.get(route, mw[route] / open_rps)
    def ratio(route):
        text = f"{of_open(route):.2f}× the open route"
        if passing:
            text += f", {of_open(route) / of_open('open_middleware') if 'open_middleware' in ratios else mw[route] / passing:.2f}× the do-nothing middleware"
        return text
    add(f"{name} middleware, ID token (local ES256 validation, first sight)", f"{mw['id']:.0f} req/s", ref, ratio("id"), "report", None)
    if "id_cached" in mw:
        add(f"{name} middleware, ID token repeated, with VerifiedIDTokenCache", f"{mw['id_cached']:.0f} req/s", ref,
            ratio("id_cached"), "≥ 0.8× the open route", of_open("id_cached") >= 0.8)
    add(f"{name} middleware, access token (AccessTokenCache)", f"{mw['access']:.0f} req/s", ref, ratio("access"), "report", None)

if wrk.get("middleware"):
    middleware_rows("Hummingbird", wrk["middleware"])
if wrk.get("vapor_middleware"):
    middleware_rows("Vapor", wrk["vapor_middleware"])
print("\n".join(lines))
