// Never ends by itself: the timeout must stop it.
long n = 0
while (true) {
    n++
}
