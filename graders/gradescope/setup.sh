#!/usr/bin/env bash
# Gradescope runs this once when it builds the autograder's image: the libraries the
# contactlab tool links to, and a check that the zipped tool runs on the image.
set -euo pipefail
apt-get update
apt-get install -y --no-install-recommends zlib1g libtinyxml2-9 libtinyobjloader2rc10
chmod +x /autograder/source/contactlab /autograder/source/run_autograder
/autograder/source/contactlab --help >/dev/null
