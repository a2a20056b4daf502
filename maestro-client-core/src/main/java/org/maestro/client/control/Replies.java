package org.maestro.client.control;

import org.maestro.common.note.Command;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.util.SafeText;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What came back for one request: each expected peer's answer, and the peers that did not answer
 * in time.
 *
 * @param request  the command that was sent
 * @param answers  the replies by the answering peer's id, in arrival order
 * @param expected the peers that were asked
 * @param missing  the expected peers that did not answer
 */
public record Replies(Command request, Map<String, Note> answers, List<PeerInfo> expected, List<PeerInfo> missing) {

    /** True when every expected peer answered and none with an error. */
    public boolean allOk() {
        return missing.isEmpty() && problems().isEmpty();
    }

    /** One line per error reply or missing peer, saying who and why; empty when all is well. */
    public List<String> problems() {
        List<String> out = new ArrayList<>();
        for (PeerInfo p : expected) {
            Note n = answers.get(p.id());
            if (n == null) {
                continue;
            }
            if (n.payload() instanceof Payload.InternalError e) {
                out.add(p.describe() + " could not do " + request + ": " + SafeText.of(e.reason()));
            } else if (n.payload() instanceof Payload.ProtocolError e) {
                out.add(p.describe() + " could not read " + request + ": " + SafeText.of(e.reason()));
            }
        }
        for (PeerInfo p : missing) {
            out.add(p.describe() + " did not answer " + request);
        }
        return out;
    }

    /** The answer of one peer, or null. */
    public Note of(PeerInfo peer) {
        return answers.get(peer.id());
    }

    @Override
    public String toString() {
        return request + ": " + answers.size() + "/" + expected.size() + " answered"
                + (allOk() ? "" : "; " + problems().stream().collect(Collectors.joining("; ")));
    }
}
