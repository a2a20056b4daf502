// Uses the whole handler API: args, options, note, log, println, run, notify.
log.info "args: ${args}"
println "test ${options['test.id']} asked by ${note.command()}"
def r = run('sh', '-c', 'echo from-a-child; exit 4')
def r2 = run(['./version.sh'])
notify "child said ${r.output.trim()} with ${r.exitStatus}; version.sh said ${r2.output.trim()}"
assert note.command().name() == 'USER_COMMAND_1'
return args.size() == 2 ? 0 : 5
