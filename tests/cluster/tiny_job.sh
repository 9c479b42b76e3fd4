#!/bin/sh
# A job of the cluster test: tiny_job.sh ID RESULT RAN_LOG SECONDS
# sleeps, notes that it ran (one line in RAN_LOG), then writes RESULT
# atomically, as every job must.
sleep "$4"
echo "$1" >>"$3"
echo "$1" >"$2.tmp" && mv "$2.tmp" "$2"
