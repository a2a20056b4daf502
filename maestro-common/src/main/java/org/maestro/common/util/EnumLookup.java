package org.maestro.common.util;

import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * Finds the constant of an enum by the key it has on the wire or in a file: a number (a note's command or type) or a
 * word (an inspector kind, a way to attach a broker), so each enum keeps only its keys and its own error.
 */
public final class EnumLookup {
    private EnumLookup() {
    }

    /** The constant whose {@code code} is {@code wanted}, or null when there is none. */
    public static <E> E byCode(E[] constants, ToIntFunction<E> code, int wanted) {
        for (E e : constants) {
            if (code.applyAsInt(e) == wanted) {
                return e;
            }
        }
        return null;
    }

    /** The constant whose {@code word} is {@code text}, ignoring case and surrounding blanks; null when there is none. */
    public static <E> E byWord(E[] constants, Function<E, String> word, String text) {
        if (text == null) {
            return null;
        }
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        for (E e : constants) {
            if (word.apply(e).toLowerCase(Locale.ROOT).equals(wanted)) {
                return e;
            }
        }
        return null;
    }
}
