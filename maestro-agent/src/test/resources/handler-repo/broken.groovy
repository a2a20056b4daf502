log.info "about to fail"
def broker = null
if (broker == null) {
    throw new IllegalStateException("the broker is not there")
}
