// Runs a process that would outlive the timeout: both must be stopped.
run('sleep', '300')
