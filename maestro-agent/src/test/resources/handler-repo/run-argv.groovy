// Passes its arguments on to argv.sh through run(): still no shell.
return run(['./argv.sh'] + args).exitStatus
