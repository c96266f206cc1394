#!/usr/bin/env bash
# Writes bash, zsh and fish completions of imgtool and pdflayout (swift-argument-parser's own) into
# SHARE (bash-completion/completions, zsh/site-functions, fish/vendor_completions.d).
# Usage: scripts/completions.sh BIN_FOLDER SHARE
# pdflayout runs `layout` when no command is named (pdflayout book.pdf --two-up), which the
# generated bash script does not know: where it would offer only the command names, it also
# completes as `layout` does (its options, and PDFs).
set -euo pipefail
bin=$1 share=$2
mkdir -p "$share/bash-completion/completions" "$share/zsh/site-functions" "$share/fish/vendor_completions.d"
for tool in imgtool pdflayout; do
  "$bin/$tool" --generate-completion-script zsh > "$share/zsh/site-functions/_$tool"
  "$bin/$tool" --generate-completion-script fish > "$share/fish/vendor_completions.d/$tool.fish"
  "$bin/$tool" --generate-completion-script bash > "$share/bash-completion/completions/$tool"
done
script="$share/bash-completion/completions/pdflayout"
offer="        COMPREPLY+=(\$(compgen -W 'layout info prefs help' -- \"\${cur}\"))"
grep -qxF -- "$offer" "$script" || { echo "completions.sh: the generated bash script changed; update the layout default" >&2; exit 1; }
# The first word was taken as the command's name: give it back to layout's completion.
fixed="$offer
        if [[ -n \"\${subcommand}\" ]]; then unparsed_words=(\"\${subcommand}\" \"\${unparsed_words[@]}\"); fi
        _pdflayout_layout"
awk -v offer="$offer" -v fixed="$fixed" '$0 == offer { print fixed; next } { print }' "$script" > "$script.tmp"
mv "$script.tmp" "$script"
