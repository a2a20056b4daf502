package org.maestro.common.note;

/**
 * The GET keys every role's handler answers about its data, which the client asks to collect a
 * test's files. (The keys about who a peer is, {@code peer.*}, the peer runtime answers itself.)
 */
public final class GetKeys {
    /** The URL of the peer's data server, where the client downloads the test's files. */
    public static final String DATA_URL = "data.url";
    /**
     * The bearer token the peer's data server asks of every request: answered only to a GET over the control
     * plane (never printed, never written), so only who can talk to the peers can read their files.
     */
    public static final String DATA_TOKEN = "data.token";
    /** The directory of the current (or last) test on the peer, or its data directory before any test. */
    public static final String DATA_DIR = "data.dir";
    /** The id of the current (or last) test: the SET option of that name. */
    public static final String TEST_ID = TestOptions.TEST_ID;

    private GetKeys() {
    }
}
