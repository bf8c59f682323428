//! The colour of a counter, and the two sides a module's counter colours show.
//!
//! Two sides are usually two colours (Union blue, Confederate grey; French blue, Russian
//! green): where a module's words do not say a piece's side, the colour of its counter may.
//! A counter's colour is its image's **dominant colour** — the commonest colour of its opaque
//! pixels, counted in bins of 16 levels a channel with each bin's neighbours, then averaged
//! over the pixels of the winning bin: the counter's ground, not its symbol or its print.
//! The pieces' colours are then **grouped** (each colour, the commonest first, joins the
//! nearest group whose mean is within [`SAME`] in CIELAB, else starts one), and the two largest
//! groups are the sides where they hold most of the pieces and differ clearly ([`split`]).

use std::io::Cursor;

/// An sRGB colour.
pub type Rgb = [u8; 3];

/// Colours nearer than this (CIELAB ΔE 1976) are one counter colour: a side's shades
/// (printing, JPEG noise, a corps' tint) differ by less; two sides' grounds by more.
pub const SAME: f64 = 20.0;

/// Two groups this close (ΔE) are not two sides' colours.
pub const APART: f64 = 25.0;

/// Counter images larger than this (bytes, pixels) are not read for their colour.
const MAX_BYTES: usize = 4 << 20;
const MAX_PIXELS: u64 = 4_000_000;

/// An image decoded to RGBA (8 bits a channel): width, height, pixels.
pub struct Rgba {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}

/// Decodes a PNG, JPEG or GIF (the first frame on its canvas) within the size limits;
/// `None` for any other format, a damaged file or one too large.
pub fn decode(data: &[u8]) -> Option<Rgba> {
    if data.len() > MAX_BYTES {
        return None;
    }
    if data.starts_with(b"GIF87a") || data.starts_with(b"GIF89a") {
        return decode_gif(data);
    }
    let mut reader = image::ImageReader::new(Cursor::new(data))
        .with_guessed_format()
        .ok()?;
    let mut limits = image::Limits::default();
    limits.max_alloc = Some(MAX_PIXELS * 8);
    reader.limits(limits);
    let img = reader.decode().ok()?.to_rgba8();
    if u64::from(img.width()) * u64::from(img.height()) > MAX_PIXELS {
        return None;
    }
    Some(Rgba {
        width: img.width(),
        height: img.height(),
        pixels: img.into_raw(),
    })
}

/// A GIF's first frame drawn on its canvas (transparent where the frame does not cover it).
fn decode_gif(data: &[u8]) -> Option<Rgba> {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::RGBA);
    opts.set_memory_limit(gif::MemoryLimit::Bytes(std::num::NonZeroU64::new(
        MAX_PIXELS * 4,
    )?));
    let mut d = opts.read_info(Cursor::new(data)).ok()?;
    let (w, h) = (u32::from(d.width()), u32::from(d.height()));
    if w == 0 || h == 0 || u64::from(w) * u64::from(h) > MAX_PIXELS {
        return None;
    }
    let frame = d.read_next_frame().ok()??;
    let mut pixels = vec![0u8; (w * h * 4) as usize];
    let (fw, fh) = (u32::from(frame.width), u32::from(frame.height));
    let (left, top) = (u32::from(frame.left), u32::from(frame.top));
    for y in 0..fh.min(h.saturating_sub(top)) {
        for x in 0..fw.min(w.saturating_sub(left)) {
            let from = ((y * fw + x) * 4) as usize;
            let to = (((top + y) * w + left + x) * 4) as usize;
            pixels[to..to + 4].copy_from_slice(frame.buffer.get(from..from + 4)?);
        }
    }
    Some(Rgba {
        width: w,
        height: h,
        pixels,
    })
}

/// A GIF re-encoded as a PNG (the window draws PNG and JPEG counters).
pub fn gif_to_png(data: &[u8]) -> Result<Vec<u8>, String> {
    let img = decode_gif(data).ok_or("not a GIF Musket can read (damaged, or over 4 M pixels)")?;
    let buf = image::RgbaImage::from_raw(img.width, img.height, img.pixels)
        .ok_or("the GIF's pixels do not fill its size")?;
    let mut out = Cursor::new(Vec::new());
    buf.write_to(&mut out, image::ImageFormat::Png)
        .map_err(|e| e.to_string())?;
    Ok(out.into_inner())
}

/// The dominant colour of an image's opaque pixels (`None`: no opaque pixel).
pub fn dominant(img: &Rgba) -> Option<Rgb> {
    let bin = |p: &[u8]| {
        (usize::from(p[0] >> 4) << 8) | (usize::from(p[1] >> 4) << 4) | usize::from(p[2] >> 4)
    };
    let mut count = vec![0u32; 4096];
    for p in img.pixels.chunks_exact(4).filter(|p| p[3] >= 128) {
        count[bin(p)] += 1;
    }
    // Each bin with its neighbours, so that a ground whose shades straddle a bin edge counts
    // as one colour.
    let near = |b: usize| -> u32 {
        let (r, g, bl) = ((b >> 8) as i32, ((b >> 4) & 15) as i32, (b & 15) as i32);
        let mut s = 0;
        for dr in -1..=1 {
            for dg in -1..=1 {
                for db in -1..=1 {
                    let (r, g, bl) = (r + dr, g + dg, bl + db);
                    if (0..16).contains(&r) && (0..16).contains(&g) && (0..16).contains(&bl) {
                        s += count[((r << 8) | (g << 4) | bl) as usize];
                    }
                }
            }
        }
        s
    };
    let best = (0..4096)
        .filter(|&b| count[b] > 0)
        .max_by_key(|&b| (near(b), count[b], std::cmp::Reverse(b)))?;
    let mut sum = [0u64; 3];
    let mut n = 0u64;
    for p in img
        .pixels
        .chunks_exact(4)
        .filter(|p| p[3] >= 128 && bin(p) == best)
    {
        for c in 0..3 {
            sum[c] += u64::from(p[c]);
        }
        n += 1;
    }
    Some(sum.map(|s| ((s + n / 2) / n) as u8))
}

/// CIELAB (D65) of an sRGB colour.
pub fn lab(c: Rgb) -> [f64; 3] {
    let lin = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    let (r, g, b) = (lin(c[0]), lin(c[1]), lin(c[2]));
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// ΔE 1976 between two CIELAB colours.
pub fn delta(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// A player's word for a colour ("Blue", "Grey", "Tan" …).
pub fn name(c: Rgb) -> &'static str {
    let [r, g, b] = c.map(|v| f64::from(v) / 255.0);
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    let (v, chroma) = (max, max - min);
    let s = if max > 0.0 { chroma / max } else { 0.0 };
    if s < 0.18 || chroma < 0.08 {
        return if v > 0.85 {
            "White"
        } else if v < 0.2 {
            "Black"
        } else {
            "Grey"
        };
    }
    let h = if max == r {
        60.0 * ((g - b) / chroma).rem_euclid(6.0)
    } else if max == g {
        60.0 * ((b - r) / chroma + 2.0)
    } else {
        60.0 * ((r - g) / chroma + 4.0)
    };
    match h {
        h if !(15.0..345.0).contains(&h) => "Red",
        h if h < 50.0 && v < 0.55 => "Brown",
        h if h < 50.0 && s < 0.5 => "Tan",
        h if h < 40.0 => "Orange",
        h if h < 70.0 => "Yellow",
        h if h < 170.0 => "Green",
        h if h < 200.0 => "Teal",
        h if h < 260.0 => "Blue",
        h if h < 300.0 => "Purple",
        _ => "Pink",
    }
}

/// A group of counters of one colour.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// The mean colour of its pieces.
    pub colour: Rgb,
    /// Its CIELAB mean.
    pub lab: [f64; 3],
    /// How many pieces.
    pub pieces: usize,
}

/// The pieces' colours grouped (see the module's text), the largest group first.
pub fn groups(colours: &[Rgb]) -> Vec<Group> {
    let mut distinct: Vec<(Rgb, usize)> = Vec::new();
    for c in colours {
        match distinct.iter_mut().find(|(d, _)| d == c) {
            Some((_, n)) => *n += 1,
            None => distinct.push((*c, 1)),
        }
    }
    distinct.sort_by_key(|(c, n)| (std::cmp::Reverse(*n), *c));
    // Running sums: Lab and RGB weighted by pieces.
    let mut sums: Vec<([f64; 3], [f64; 3], usize)> = Vec::new();
    for (c, n) in distinct {
        let l = lab(c);
        let w = n as f64;
        let mean = |s: &([f64; 3], [f64; 3], usize)| s.0.map(|v| v / s.2 as f64);
        let nearest = sums
            .iter()
            .enumerate()
            .map(|(i, s)| (i, delta(mean(s), l)))
            .filter(|(_, d)| *d < SAME)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i);
        let rgb = c.map(f64::from);
        match nearest {
            Some(i) => {
                let s = &mut sums[i];
                for k in 0..3 {
                    s.0[k] += l[k] * w;
                    s.1[k] += rgb[k] * w;
                }
                s.2 += n;
            }
            None => sums.push((l.map(|v| v * w), rgb.map(|v| v * w), n)),
        }
    }
    let mut out: Vec<Group> = sums
        .into_iter()
        .map(|(l, rgb, n)| Group {
            colour: rgb.map(|v| (v / n as f64).round() as u8),
            lab: l.map(|v| v / n as f64),
            pieces: n,
        })
        .collect();
    out.sort_by_key(|g| std::cmp::Reverse(g.pieces));
    out
}

/// The two colour groups that split `pieces` pieces in two, where they do as words must for
/// [`super::guess::split`]: at least 60% of the pieces have a colour, the two largest groups
/// hold at least 75% of those and each at least 10% of all, and they are [`APART`].
pub fn split(colours: &[Rgb], pieces: usize) -> Option<[Group; 2]> {
    let gs = groups(colours);
    let [a, b, ..] = gs.as_slice() else {
        return None;
    };
    let with = colours.len();
    let enough = with * 10 >= pieces * 6 && (a.pieces + b.pieces) * 4 >= with * 3;
    (enough && a.pieces * 10 >= pieces && b.pieces * 10 >= pieces && delta(a.lab, b.lab) >= APART)
        .then(|| [a.clone(), b.clone()])
}

/// Which of two groups a colour belongs to: the nearer, where it is within [`SAME`].
pub fn group_of(groups: &[Group; 2], c: Rgb) -> Option<usize> {
    let l = lab(c);
    let (i, d) = groups
        .iter()
        .enumerate()
        .map(|(i, g)| (i, delta(g.lab, l)))
        .min_by(|a, b| a.1.total_cmp(&b.1))?;
    (d < SAME).then_some(i)
}

/// `#rrggbb`.
pub fn hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn img(f: impl Fn(u32, u32) -> [u8; 4]) -> Rgba {
        let mut pixels = Vec::new();
        for y in 0..40 {
            for x in 0..40 {
                pixels.extend_from_slice(&f(x, y));
            }
        }
        Rgba {
            width: 40,
            height: 40,
            pixels,
        }
    }

    #[test]
    fn the_ground_is_the_dominant_colour() {
        // A blue counter with a black NATO box, white print and a transparent corner.
        let c = img(|x, y| match (x, y) {
            (0..=3, 0..=3) => [255, 0, 0, 0],
            (10..30, 10 | 20) | (10 | 30, 10..21) => [0, 0, 0, 255],
            (5..35, 30..36) => [255, 255, 255, 255],
            _ => [40 + (x % 3) as u8 * 5, 60, 160, 255],
        });
        let d = dominant(&c).unwrap();
        assert!(delta(lab(d), lab([45, 60, 160])) < 5.0, "{d:?}");
        assert_eq!(name(d), "Blue");
        assert_eq!(dominant(&img(|_, _| [1, 2, 3, 0])), None);
    }

    #[test]
    fn colour_names() {
        for (c, n) in [
            ([40, 60, 160], "Blue"),
            ([140, 140, 140], "Grey"),
            ([200, 170, 120], "Tan"),
            ([200, 30, 30], "Red"),
            ([40, 120, 50], "Green"),
            ([250, 250, 245], "White"),
            ([110, 70, 30], "Brown"),
        ] {
            assert_eq!(name(c), n, "{c:?}");
        }
    }

    #[test]
    fn two_colours_split_and_one_does_not() {
        let mut cs = vec![[40, 60, 160]; 10];
        cs.extend(vec![[48, 66, 170]; 5]);
        cs.extend(vec![[140, 140, 140]; 12]);
        cs.push([230, 200, 20]);
        let [a, b] = split(&cs, 30).unwrap();
        assert_eq!((a.pieces, b.pieces), (15, 12));
        assert_eq!((name(a.colour), name(b.colour)), ("Blue", "Grey"));
        assert_eq!(group_of(&[a.clone(), b.clone()], [45, 62, 165]), Some(0));
        assert_eq!(group_of(&[a, b], [230, 200, 20]), None);
        // One colour, or two too alike, or too few pieces with a colour: no split.
        assert_eq!(split(&vec![[40, 60, 160]; 20], 20), None);
        let mut alike = vec![[40, 60, 160]; 10];
        alike.extend(vec![[60, 80, 150]; 10]);
        assert_eq!(split(&alike, 20), None);
        assert_eq!(split(&cs, 60), None);
    }

    #[test]
    fn a_gif_is_read_and_becomes_a_png() {
        let mut out = Vec::new();
        {
            let mut e = gif::Encoder::new(&mut out, 4, 3, &[40, 60, 160, 0, 0, 0]).unwrap();
            let mut f = gif::Frame::default();
            f.width = 4;
            f.height = 3;
            f.buffer = std::borrow::Cow::Owned(vec![0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
            e.write_frame(&f).unwrap();
        }
        let img = decode(&out).unwrap();
        assert_eq!((img.width, img.height), (4, 3));
        assert_eq!(dominant(&img), Some([40, 60, 160]));
        let png = gif_to_png(&out).unwrap();
        let back = decode(&png).unwrap();
        assert_eq!(back.pixels, img.pixels);
        assert!(gif_to_png(b"GIF89a broken").is_err());
    }
}
