package org.maestro.common.peer;

import org.maestro.common.note.Payload;
import org.maestro.common.util.Passwords;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The SET options a peer has been given. Each SET adds to (and overrides) the earlier ones, but only
 * once the role's parser accepts the whole merged set: a SET that is refused changes nothing. A GET of
 * an option answers its value redacted, since options carry URLs with passwords.
 *
 * @param <T> what the role's parser makes of the options
 */
public final class GivenOptions<T> {
    private final Function<Map<String, String>, T> parser;
    private final Map<String, String> raw = new HashMap<>();
    private T parsed;

    /** @param parser checks a whole set of options, throwing IllegalArgumentException naming what is wrong */
    public GivenOptions(Function<Map<String, String>, T> parser) {
        this.parser = parser;
    }

    /** Merges {@code set} into the options given so far, if the role's parser accepts the result. */
    public synchronized Payload.Ok apply(Payload.SetOptions set) {
        Map<String, String> merged = new HashMap<>(raw);
        merged.putAll(set.options());
        T checked = parser.apply(merged);
        raw.clear();
        raw.putAll(merged);
        parsed = checked;
        return new Payload.Ok(set.options().size() + " option(s) set");
    }

    /**
     * What the parser made of the options given so far (of none, before the first SET): the peer's own view,
     * secrets included, never for a reply or a file.
     */
    public synchronized T parsed() {
        if (parsed == null) {
            parsed = parser.apply(Map.copyOf(raw));
        }
        return parsed;
    }

    /** The option's value with any password hidden, or null when it was not given: the answer to a GET. */
    public synchronized String redacted(String key) {
        String value = raw.get(key);
        return value == null ? null : Passwords.redact(value);
    }
}
