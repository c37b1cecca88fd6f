#!/usr/bin/env bash
# Debian's Chromium for the Playwright tests (Playwright cannot download its own browser here); the fonts the
# PDF export embeds (workbench/exports/report.py: DejaVu Sans for Latin with every diacritic, Noto Sans CJK for
# Hangul, each regular and bold) and the UI's font stack finds here; poppler for the PDF tests; LibreOffice
# Writer (headless, without a GUI) for the test that opens the draft with suggested changes and converts it.
set -eu
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
dpkg -s fonts-dejavu-core >/dev/null 2>&1 || need+=(fonts-dejavu-core)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need+=(fonts-noto-cjk)
dpkg -s fonts-noto-color-emoji >/dev/null 2>&1 || need+=(fonts-noto-color-emoji)
command -v pdftoppm >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1 && command -v pdffonts >/dev/null 2>&1 ||
  need+=(poppler-utils)
command -v soffice >/dev/null 2>&1 || need+=(libreoffice-writer-nogui)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
/usr/bin/chromium --version
