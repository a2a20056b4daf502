package org.maestro.common.runfiles;

import java.nio.file.Path;

/**
 * The client's run directory: {@code summary.json}, {@code console.log}, and each peer's collected files
 * under {@code peers/<name>/} (named by {@link PeerFiles}); an incremental test's top directory holds
 * {@code incremental.json} and one run directory per step.
 */
public final class RunLayout {
    /** The run's figures and verdict, written by the client and read by the reports. */
    public static final String SUMMARY_JSON = "summary.json";
    /** An incremental test's steps and where it stopped. */
    public static final String INCREMENTAL_JSON = "incremental.json";
    /**
     * Who runs the test where, written by the client as the run starts (test id, control broker without its
     * password, the plan, then the peers), so {@code maestro collect} can finish a run whose client was killed.
     */
    public static final String RUN_JSON = "run.json";
    /** What the user saw on the console during the run. */
    public static final String CONSOLE_LOG = "console.log";
    private static final String PEERS = "peers";

    private RunLayout() {
    }

    /** {@code <runDir>/peers}, the parent of every peer's collected files. */
    public static Path peersDir(Path runDir) {
        return runDir.resolve(PEERS);
    }

    /** {@code <runDir>/peers/<peerName>}. */
    public static Path peerDir(Path runDir, String peerName) {
        return peersDir(runDir).resolve(peerName);
    }
}
