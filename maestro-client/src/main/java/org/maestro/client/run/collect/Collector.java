package org.maestro.client.run.collect;

import org.maestro.client.control.ControlClient;
import org.maestro.client.control.Replies;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.client.data.DataClient;
import org.maestro.common.dataserver.DataToken;
import org.maestro.client.data.DataTransferException;
import org.maestro.client.data.FetchResult;
import org.maestro.common.note.GetKeys;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.RunLayout;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maestro.client.run.BoundedParallel;
import org.maestro.client.run.Console;
import org.maestro.client.run.RemotePeer;

/**
 * Downloads a peer's files for a test into {@code <run>/peers/<name>/}, checksums verified, with the token the peer
 * tells over the control plane (its data server refuses every request without it). Every peer's address and token
 * are asked all at once (two round trips however many peers: asked peer by peer, 500 peers took 1,000 round trips), then
 * the files are downloaded from {@link BoundedParallel#PEERS_AT_ONCE} peers at a time.
 */
final class Collector {
    /**
     * How long the peers have to say where their data server is, and its token: an ordinary request's time. With 5 s,
     * 31 of 50 receivers in one JVM (a load of 50, GC pauses of 2.4 s) did not say where, and 17 more gave no token in
     * time, so their files were missing and the run an ERROR. A peer known to be gone is not asked (FinalCollection).
     */
    private static final Duration ASK_TIMEOUT = RemotePeer.REQUEST_TIMEOUT;
    private Collector() {
    }

    /** What came from one peer: its files and bytes, or why they could not be collected. */
    private record Collected(PeerInfo peer, int files, long bytes, String problem) {
    }

    /**
     * Collects the files of every peer, in parallel with a bound; says what came from each (or, for many peers, in
     * all) and names each peer whose files are missing.
     *
     * @return why each peer's files could not be collected, by peer id ("data of X missing (why)"); empty when all arrived
     */
    static Map<String, String> collectAll(ControlClient client, List<PeerInfo> peers, String testId, Path runDir, Console console)
            throws InterruptedException {
        long started = System.nanoTime();
        Map<PeerInfo, Replies> urls;
        Map<PeerInfo, Replies> tokens;
        try {
            // A peer that leaves meanwhile (its last will) is not waited for: it cannot answer.
            urls = client.requestEachUntilGone(peers, new Payload.Get(GetKeys.DATA_URL), ASK_TIMEOUT);
            // Only those that answered: a silent peer would hold the round for its whole timeout a second time.
            Map<PeerInfo, Replies> answered = urls;
            tokens = client.requestEachUntilGone(peers.stream().filter(p -> answered.get(p).of(p) != null).toList(),
                    new Payload.Get(GetKeys.DATA_TOKEN), ASK_TIMEOUT);
        } catch (TransportException e) {
            Map<String, String> missing = new LinkedHashMap<>();
            peers.forEach(p -> missing.put(p.id(), "the client could not ask for its data server: " + e.getMessage()));
            console.line("could not collect the peers' files: %s", e.getMessage());
            return missing;
        }
        Map<PeerInfo, Replies> tokenReplies = tokens;
        List<Collected> all = BoundedParallel.map(peers, "collect", p -> collect(p, RemotePeer.dataUrlIn(urls.get(p).of(p)),
                tokenReplies.containsKey(p) ? tokenReplies.get(p).of(p) : null, testId, runDir));
        Map<String, String> missing = new LinkedHashMap<>();
        int files = 0;
        long bytes = 0;
        for (Collected c : all) {
            if (c.problem() != null) {
                missing.put(c.peer().id(), c.problem());
                console.line("could not collect the files of %s: %s", c.peer().describe(), c.problem());
            } else {
                files += c.files();
                bytes += c.bytes();
                if (Console.linePerPeer(peers.size())) {
                    console.line("collected %d file(s), %d bytes from %s", c.files(), c.bytes(), c.peer().name());
                }
            }
        }
        if (!Console.linePerPeer(peers.size())) {
            console.line("collected %d file(s), %d bytes from %d of %d peers in %.1f s", files, bytes, peers.size() - missing.size(),
                    peers.size(), (System.nanoTime() - started) / 1e9);
        }
        return missing;
    }

    /**
     * @param url   its answer to GET data.url ({@link RemotePeer#dataUrlIn}): null when it did not answer
     * @param token its answer to GET data.token, null when none came
     */
    private static Collected collect(PeerInfo peer, String url, Note token, String testId, Path runDir) {
        try {
            if (url == null || url.isEmpty()) {
                return new Collected(peer, 0, 0, url == null ? "it did not answer when asked for its data server" : "it has no data server");
            }
            if (!(token != null && token.payload() instanceof Payload.GetReply tokenReply)) {
                return new Collected(peer, 0, 0, "it told no token for its data server (GET " + GetKeys.DATA_TOKEN + ")");
            }
            DataToken dataToken = DataToken.of(tokenReply.value());
            FetchResult fetched = DataClient.fetchAll(URI.create(url), dataToken, PeerFiles.dataPath(testId, peer.name()),
                    RunLayout.peerDir(runDir, peer.name()));
            return new Collected(peer, fetched.files(), fetched.bytes(), null);
        } catch (DataTransferException e) {
            return new Collected(peer, 0, 0, e.getMessage());
        } catch (Exception e) {
            return new Collected(peer, 0, 0, e.toString());
        }
    }
}
