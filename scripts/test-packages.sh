#!/usr/bin/env bash
# Packaging and first-use checks (issue 16), run by .ci/run after the test suite and runnable
# by hand from a checkout with dependencies installed: `bash scripts/test-packages.sh`.
#
#   1. turbo's cache restores everything the CLI build writes (dist/ and data/sample.zip);
#   2. `pnpm pack` builds first (prepack), so a pack without a build is complete;
#   3. `pnpm openbell … --json` prints only the command's JSON on stdout;
#   4. the seven tarballs install into an empty directory with `npm install` (the @openbell
#      packages from the tarballs only, everything else from the npm registry), and the library
#      example, the client example (the library's questions asked of a server with
#      `createClient(url)`: examples/client.mjs) and `npx openbell status` work there.
#
# It deletes and rebuilds the packages' build outputs (dist/, packages/cli/data/) and nothing
# else in the checkout; everything it creates goes to a temporary directory.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 NO_COLOR=1 FORCE_COLOR=0
pnpm() { npx -y pnpm@10.34.8 "$@"; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# No settings from the machine: no token, no config file, a scratch cache.
while IFS= read -r v; do unset "$v"; done < <(env | sed -n 's/^\(OPENBELL_[A-Z_]*\|TRADINGHOURS_TOKEN\)=.*/\1/p')
export XDG_CONFIG_HOME="$work/config" XDG_CACHE_HOME="$work/cache"
AT=2023-11-15T17:00:00Z
step() { printf '\n== %s\n' "$*"; }
fail() { printf 'test-packages: FAILED: %s\n' "$*" >&2; exit 1; }
# Reads JSON on stdin and checks the status answer of US.NYSE at $AT.
check_status_json() {
  node -e '
    let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
      let b; try { b = JSON.parse(s); } catch (e) { console.error("stdout is not JSON:\n" + s); process.exit(1); }
      if (b.status !== "Open" || b.reason !== "Primary Trading Session") { console.error("unexpected answer: " + s); process.exit(1); }
      console.log("ok: " + b.status + ", " + b.reason + ", until " + b.until);
    });'
}

step "1. turbo cache: a cached CLI build restores data/sample.zip"
pnpm build > "$work/build1.log" 2>&1 || { cat "$work/build1.log"; fail "build"; }
# Delete the CLI's build outputs (what `git clean -fdx packages/cli` removes of them) and build
# again until turbo replays the CLI build from its cache: the case that lost the sample.
hit=
for attempt in 1 2; do
  rm -rf packages/cli/dist packages/cli/data
  pnpm build > "$work/build2.log" 2>&1 || { cat "$work/build2.log"; fail "rebuild"; }
  if grep -q 'openbell:build: cache hit' "$work/build2.log"; then hit=1; break; fi
done
[ -n "$hit" ] || fail "the CLI build was never a turbo cache hit, so the cached outputs were not tested"
echo "openbell:build was a cache hit"
[ -f packages/cli/data/sample.zip ] || fail "packages/cli/data/sample.zip missing after a cached build (turbo outputs)"
[ -f packages/cli/dist/bin.js ] || fail "packages/cli/dist/bin.js missing after a cached build"
node packages/cli/dist/bin.js status US.NYSE --at "$AT" --json | check_status_json

step "3. pnpm openbell … --json prints only the JSON"
pnpm openbell status US.NYSE --at "$AT" --json 2> "$work/openbell.err" | check_status_json || { cat "$work/openbell.err"; fail "pnpm openbell --json"; }

step "2. pnpm pack without a build: prepack builds"
rm -rf packages/core/dist packages/loader/dist packages/catalog/dist packages/server/dist packages/client/dist packages/cli/dist packages/cli/data
mkdir -p "$work/tgz"
for p in core opendata loader catalog server client cli; do
  (cd "packages/$p" && pnpm pack --pack-destination "$work/tgz" > "$work/pack-$p.log" 2>&1) || { cat "$work/pack-$p.log"; fail "pack $p"; }
done
ls -1 "$work/tgz"
tgz() { echo "$work/tgz/$1-0.1.0.tgz"; }
has() { tar tzf "$(tgz "$1")" > "$work/list" && grep -qx "package/$2" "$work/list" || fail "$(basename "$(tgz "$1")") lacks $2"; }
has openbell-core dist/index.js; has openbell-core dist/index.d.ts
has openbell-opendata data/sample.zip; has openbell-opendata src/generate.mjs
has openbell-loader dist/index.js; has openbell-loader dist/index.d.ts
has openbell-catalog dist/index.js; has openbell-catalog dist/schemas.js
has openbell-server dist/index.js
has openbell-client dist/index.js; has openbell-client dist/index.d.ts; has openbell-client dist/browser.js
has openbell dist/bin.js; has openbell data/sample.zip; has openbell CONFIG.md
# The man page (issue 49), built from the command tree and named by package.json's `man`; and
# Redoc's bundle for /redoc, in the server's tarball and the CLI's (which bundles the server).
has openbell dist/openbell.1; has openbell dist/redoc/redoc.standalone.js; has openbell-server dist/redoc/redoc.standalone.js
tar xzf "$(tgz openbell)" -O package/package.json | node -e '
  let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
    const man = JSON.parse(s).man;
    if (!Array.isArray(man) || !man.includes("./dist/openbell.1")) { console.error("package.json man: " + JSON.stringify(man)); process.exit(1); }
  });' || fail "the CLI tarball does not name its man page"
# Extracted to a file first: `grep -q` ends the pipe early and pipefail would fail the tar.
tar xzf "$(tgz openbell)" -O package/dist/openbell.1 > "$work/openbell.1" || fail "dist/openbell.1 missing from the tarball"
grep -q '^\.TH OPENBELL 1 ' "$work/openbell.1" || fail "dist/openbell.1 is not a man page"
grep -q 'as\\-of' "$work/openbell.1" || fail "dist/openbell.1 lacks --as-of: not made from the command tree"
# Real version ranges between the packages (pnpm rewrites workspace:^ when packing).
for t in "$work"/tgz/*.tgz; do
  tar xzf "$t" -O package/package.json | node -e '
    let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
      const p = JSON.parse(s);
      for (const k of ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"]) {
        for (const [n, v] of Object.entries(p[k] ?? {})) {
          if (v.startsWith("workspace:")) { console.error(p.name + ": " + n + "@" + v + " left unrewritten"); process.exit(1); }
          if (!n.startsWith("@openbell/")) continue;
          console.log("  " + p.name + " " + k + " " + n + "@" + v);
          if (!/^\^\d+\.\d+\.\d+$/.test(v)) { console.error(p.name + ": " + n + "@" + v + " is not a caret range"); process.exit(1); }
        }
      }
    });' || fail "workspace protocol in $(basename "$t")"
done

# The README's way to run the packed CLI anywhere: npx of the tarball (`npx -y ./openbell-0.1.0.tgz …`).
npx -y --package="$(tgz openbell)" openbell status US.NYSE --at "$AT" --json 2> "$work/npx.err" | check_status_json || { cat "$work/npx.err"; fail "npx of the CLI tarball"; }

step "4. npm install of the seven tarballs into an empty directory"
app="$work/app"
mkdir -p "$app"
cd "$app"
printf '{ "name": "openbell-consumer", "private": true, "type": "module" }\n' > package.json
# Any registry lookup of an @openbell package fails: they must come from the tarballs.
printf '@openbell:registry=http://127.0.0.1:9/\nfund=false\naudit=false\nupdate-notifier=false\n' > .npmrc
npm install "$work"/tgz/*.tgz > "$work/npm-install.log" 2>&1 || { cat "$work/npm-install.log"; fail "npm install"; }
for p in core opendata loader catalog server client; do
  [ -f "node_modules/@openbell/$p/package.json" ] || fail "@openbell/$p not installed"
  [ -e "node_modules/@openbell/$p/node_modules/@openbell" ] && fail "@openbell/$p has a nested @openbell copy"
done
cp "$root/examples/library.mjs" .
node library.mjs || fail "library example"
cp "$root/examples/client.mjs" .
node client.mjs || fail "client example: the library's answers over HTTP"
npx --no-install openbell status US.NYSE --at "$AT"
npx --no-install openbell status US.NYSE --at "$AT" --json | check_status_json || fail "npx openbell status"
cd "$root"

printf '\ntest-packages: all packaging checks passed\n'
