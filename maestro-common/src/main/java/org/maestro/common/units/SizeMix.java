package org.maestro.common.units;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The sizes of the messages a test sends: one {@link MessageSize} (fixed, or varying around its middle), or a
 * weighted mix of them, each message's size drawn by weight: {@code '512B: 80, 4KiB: 15, ~64KiB ±20%: 5'} sends
 * about 80 % of its messages at 512 bytes, 15 % at 4 KiB and 5 % around 64 KiB. Weights are relative whole numbers
 * (they need not add up to 100).
 *
 * @param shares each size with its weight, in the order given; one share of weight 1 for a single size
 */
public record SizeMix(List<Share> shares) {
    private static final String KIND = "message size";
    private static final String EXPECTED = "a size like 1KiB or ~1KiB ±10%, or weighted sizes like '512B: 80, 4KiB: 20'";

    /** One size of a mix and its relative weight (a positive whole number). */
    public record Share(MessageSize size, int weight) {
        public Share {
            if (weight < 1) {
                throw new IllegalArgumentException("a size's weight must be a positive whole number: " + weight);
            }
        }
    }

    public SizeMix {
        if (shares == null || shares.isEmpty()) {
            throw new IllegalArgumentException("a size mix needs at least one size");
        }
        shares = List.copyOf(shares);
    }

    /** A single size. */
    public static SizeMix of(MessageSize size) {
        return new SizeMix(List.of(new Share(size, 1)));
    }

    /**
     * Parses a single size ({@link MessageSize#parse}) or comma-separated {@code SIZE: WEIGHT} shares.
     *
     * @throws UnitFormatException naming the share that is wrong and what is
     */
    public static SizeMix parse(String text) {
        if (text == null || !text.contains(":")) {
            return of(MessageSize.parse(text));
        }
        List<Share> shares = new ArrayList<>();
        for (String part : text.split(",")) {
            int colon = part.lastIndexOf(':');
            if (colon < 0) {
                throw new UnitFormatException(KIND, text, "'" + part.strip() + "' has no weight (SIZE: WEIGHT)", EXPECTED);
            }
            MessageSize size;
            try {
                size = MessageSize.parse(part.substring(0, colon));
            } catch (UnitFormatException e) {
                throw new UnitFormatException(KIND, text, "'" + part.substring(0, colon).strip() + "' is not a size", EXPECTED);
            }
            String weight = part.substring(colon + 1).strip();
            if (!weight.matches("[0-9]{1,6}") || Integer.parseInt(weight) < 1) {
                throw new UnitFormatException(KIND, text, "the weight '" + weight + "' of " + size
                        + " is not a positive whole number (at most 999999)", EXPECTED);
            }
            shares.add(new Share(size, Integer.parseInt(weight)));
        }
        return new SizeMix(shares);
    }

    /** The smallest size a message may have. */
    public int minBytes() {
        return shares.stream().mapToInt(s -> s.size().minBytes()).min().orElseThrow();
    }

    /** The largest size a message may have. */
    public int maxBytes() {
        return shares.stream().mapToInt(s -> s.size().maxBytes()).max().orElseThrow();
    }

    /** A size drawn by weight, then within its share's range. */
    public int draw(RandomGenerator random) {
        if (shares.size() == 1) {
            return shares.get(0).size().draw(random);
        }
        int total = shares.stream().mapToInt(Share::weight).sum();
        int pick = random.nextInt(total);
        for (Share s : shares) {
            pick -= s.weight();
            if (pick < 0) {
                return s.size().draw(random);
            }
        }
        throw new IllegalStateException("unreachable: the weights add up to " + total);
    }

    /** The text {@link #parse} reads back: the size alone, or {@code SIZE: WEIGHT} shares. */
    @Override
    public String toString() {
        if (shares.size() == 1 && shares.get(0).weight() == 1) {
            return shares.get(0).size().toString();
        }
        return String.join(", ", shares.stream().map(s -> s.size() + ": " + s.weight()).toList());
    }
}
