#!/bin/sh
# Makes SnapTrack's bucket and one MinIO user per service that stores files, each with the
# policy of deploy/minio/policies/<service>.json: only the folders that service uses
# (docs/security.md, "Object storage"). auth, billing and help-feedback store nothing and get
# no user. Safe to run again: policies are replaced, passwords set anew, attachments kept.
# Compose runs it in `minio-init`; elsewhere run it once with `mc` and the admin account:
#
#   MINIO_URL=https://minio.example.internal:9000 MINIO_ROOT_USER=... MINIO_ROOT_PASSWORD=... \
#   GATEWAY_S3_SECRET_KEY=... EXPENSES_S3_SECRET_KEY=... OCR_S3_SECRET_KEY=... \
#   EXPORT_S3_SECRET_KEY=... MAIL_INGEST_S3_SECRET_KEY=... sh deploy/minio/create-storage-users.sh
#
# Each service's access key is `snaptrack-<service>` unless <SERVICE>_S3_ACCESS_KEY says
# otherwise; its secret (8+ characters) is <SERVICE>_S3_SECRET_KEY. S3_BUCKET (default
# snaptrack) names the bucket; the policies name `snaptrack` and are rewritten for another.
# LEGACY_S3_ACCESS_KEY (default snaptrack-app): the key all services shared before, removed.
# Plain POSIX sh with mc and cat only: the MinIO image has no sed or grep.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
alias=snaptrack-setup
bucket=${S3_BUCKET:-snaptrack}
legacy=${LEGACY_S3_ACCESS_KEY:-snaptrack-app}

# Every occurrence of $2 in $1 replaced by $3.
replace_all() {
  rest=$1
  out=''
  while :; do
    case $rest in
      *"$2"*) ;;
      *) break ;;
    esac
    out=$out${rest%%"$2"*}$3
    rest=${rest#*"$2"}
  done
  printf '%s' "$out$rest"
}

# The value of the variable named $1 (a name made here, never input), or $2 when it is empty.
value_of() {
  eval "found=\${$1:-}"
  printf '%s' "${found:-$2}"
}

mc alias set "$alias" "${MINIO_URL:-http://127.0.0.1:9000}" "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null
mc mb --ignore-existing "$alias/$bucket" >/dev/null
mc anonymous set none "$alias/$bucket" >/dev/null

# The shared key of older releases could read and write the whole bucket.
if mc admin user info "$alias" "$legacy" >/dev/null 2>&1; then
  mc admin user remove "$alias" "$legacy" >/dev/null
  echo "create-storage-users: removed the shared key $legacy"
fi
if mc admin policy info "$alias" snaptrack-app >/dev/null 2>&1; then
  mc admin policy remove "$alias" snaptrack-app >/dev/null
fi

policy_file=$(mktemp)
trap 'rm -f "$policy_file"' EXIT
for source in "$here"/policies/*.json; do
  service=$(basename "$source" .json)
  upper=$(replace_all "$service" - _ | tr '[:lower:]' '[:upper:]')
  access_key=$(value_of "${upper}_S3_ACCESS_KEY" "snaptrack-$service")
  secret_key=$(value_of "${upper}_S3_SECRET_KEY" '')
  if [ -z "$secret_key" ]; then
    echo "create-storage-users: set ${upper}_S3_SECRET_KEY (8+ characters)" >&2
    exit 1
  fi
  policy=snaptrack-storage-$service
  text=$(cat "$source")
  text=$(replace_all "$text" 'arn:aws:s3:::snaptrack"' "arn:aws:s3:::$bucket\"")
  text=$(replace_all "$text" 'arn:aws:s3:::snaptrack/' "arn:aws:s3:::$bucket/")
  printf '%s\n' "$text" >"$policy_file"
  mc admin policy create "$alias" "$policy" "$policy_file" >/dev/null
  mc admin user add "$alias" "$access_key" "$secret_key" >/dev/null
  case $(mc admin user info "$alias" "$access_key") in
    *"$policy"*) ;;
    *) mc admin policy attach "$alias" "$policy" --user "$access_key" >/dev/null ;;
  esac
  echo "create-storage-users: $access_key may use what $policy allows in $bucket"
done
