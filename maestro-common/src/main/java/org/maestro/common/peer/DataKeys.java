package org.maestro.common.peer;

import org.maestro.common.note.GetKeys;
import org.maestro.common.note.Payload;
import org.maestro.common.util.SafeText;

import java.util.List;
import java.util.function.Function;

/**
 * A role's answers to the GET keys about its data ({@link GetKeys}), which every role answers alike;
 * a handler makes one when asked and lets it answer the GET, its own keys included.
 *
 * @param dataUrl where the peer's data server is
 * @param dataDir the directory of the current test, or the data directory when there is none
 * @param testId  the current test's id, "" when there is none
 */
public record DataKeys(String dataUrl, String dataDir, String testId) {

    /**
     * The reply to {@code get}: one of the data keys, else what {@code own} gives for the role's own
     * keys and SET options.
     *
     * @param ownKeys the role's own keys, named (after the data keys) when the key is unknown
     * @param own     the value of another key, null when the role does not know it
     * @throws IllegalArgumentException naming the key and the keys there are
     */
    public Payload.GetReply reply(Payload.Get get, List<String> ownKeys, Function<String, String> own) {
        String value = switch (get.key()) {
            case GetKeys.DATA_URL -> dataUrl;
            case GetKeys.DATA_DIR -> dataDir;
            case GetKeys.TEST_ID -> testId;
            default -> own.apply(get.key());
        };
        if (value == null) {
            String known = String.join(", ", GetKeys.DATA_URL, GetKeys.DATA_DIR, GetKeys.TEST_ID)
                    + (ownKeys.isEmpty() ? "" : ", " + String.join(", ", ownKeys));
            throw new IllegalArgumentException("unknown key '" + SafeText.of(get.key()) + "' (known: " + known + ", or a SET option)");
        }
        return new Payload.GetReply(get.key(), value);
    }
}
