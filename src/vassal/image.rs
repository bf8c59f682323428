//! Image sizes from file headers (PNG, GIF, JPEG, BMP, and an SVG's root element), without
//! decoding the pixels.
//!
//! VASSAL sizes a board by its image, and hex numbering that counts down from the
//! board's far edge needs that size.

use super::grid::Size;

/// The pixel size of an image from its first bytes, `None` when the format is not one of
/// PNG, GIF, JPEG or BMP or the header is damaged. A JPEG's size may sit after large
/// metadata: pass enough bytes (the module reader passes up to 4 MiB).
pub fn image_size(data: &[u8]) -> Option<Size> {
    let be16 = |i: usize| -> Option<u32> {
        Some(u32::from(u16::from_be_bytes([
            *data.get(i)?,
            *data.get(i + 1)?,
        ])))
    };
    let size = |w: u32, h: u32| -> Option<Size> {
        Some(Size::new(i32::try_from(w).ok()?, i32::try_from(h).ok()?))
    };
    if data.starts_with(b"\x89PNG\r\n\x1a\n") {
        if data.get(12..16)? != b"IHDR" {
            return None;
        }
        let w = u32::from_be_bytes(data.get(16..20)?.try_into().ok()?);
        let h = u32::from_be_bytes(data.get(20..24)?.try_into().ok()?);
        return size(w, h);
    }
    if data.starts_with(b"GIF87a") || data.starts_with(b"GIF89a") {
        let w = u16::from_le_bytes(data.get(6..8)?.try_into().ok()?);
        let h = u16::from_le_bytes(data.get(8..10)?.try_into().ok()?);
        return size(u32::from(w), u32::from(h));
    }
    if data.starts_with(b"BM") {
        let w = i32::from_le_bytes(data.get(18..22)?.try_into().ok()?);
        let h = i32::from_le_bytes(data.get(22..26)?.try_into().ok()?);
        return size(w.unsigned_abs(), h.unsigned_abs());
    }
    if let Some(s) = svg_size(data) {
        return Some(s);
    }
    if data.starts_with(&[0xFF, 0xD8]) {
        let mut i = 2;
        loop {
            // Skip fill bytes before a marker.
            while *data.get(i)? == 0xFF && *data.get(i + 1)? == 0xFF {
                i += 1;
            }
            if *data.get(i)? != 0xFF {
                return None;
            }
            let marker = *data.get(i + 1)?;
            i += 2;
            if marker == 0xD8 || marker == 0x01 || (0xD0..=0xD7).contains(&marker) {
                continue;
            }
            if marker == 0xD9 || marker == 0xDA {
                return None;
            }
            let len = be16(i)? as usize;
            let is_sof = (0xC0..=0xCF).contains(&marker) && !matches!(marker, 0xC4 | 0xC8 | 0xCC);
            if is_sof {
                let h = be16(i + 3)?;
                let w = be16(i + 5)?;
                return size(w, h);
            }
            if len < 2 {
                return None;
            }
            i += len;
        }
    }
    None
}

/// An SVG's size from its root element: `width` and `height` in pixels (CSS units converted
/// at 96 per inch: `px`, `pt`, `pc`, `mm`, `cm`, `in`; a bare number is pixels), else — a
/// percentage or a missing one — the `viewBox`'s width and height. `None` if the data is not an
/// SVG or says no size.
pub fn svg_size(data: &[u8]) -> Option<Size> {
    let head = std::str::from_utf8(&data[..data.len().min(64 * 1024)])
        .or_else(|e| std::str::from_utf8(&data[..e.valid_up_to()]))
        .ok()?;
    let start = head.trim_start_matches('\u{feff}').trim_start();
    if !start.starts_with('<') {
        return None;
    }
    let at = root_svg_tag(head)?;
    let tag = &head[at..at + head[at..].find('>')?];
    let attr = |name: &str| attribute(tag, name);
    let view = attr("viewBox").and_then(|v| {
        let n: Vec<f64> = v
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .filter_map(|t| t.parse().ok())
            .collect();
        (n.len() == 4).then(|| (n[2], n[3]))
    });
    let w = attr("width")
        .and_then(|v| css_pixels(&v))
        .or(view.map(|v| v.0))?;
    let h = attr("height")
        .and_then(|v| css_pixels(&v))
        .or(view.map(|v| v.1))?;
    let px = |v: f64| (v.is_finite() && v >= 1.0 && v < 1e6).then(|| v.round() as i32);
    Some(Size::new(px(w)?, px(h)?))
}

/// Where the root `<svg` (or `<prefix:svg`) start tag is, past the XML declaration, comments
/// and a DOCTYPE.
fn root_svg_tag(head: &str) -> Option<usize> {
    let mut i = 0;
    while let Some(off) = head[i..].find('<') {
        let at = i + off;
        let rest = &head[at..];
        if rest.starts_with("<?") {
            i = at + rest.find("?>")? + 2;
        } else if rest.starts_with("<!--") {
            i = at + rest.find("-->")? + 3;
        } else if rest.starts_with("<!") {
            i = at + rest.find('>')? + 1;
        } else {
            let name: String = rest[1..]
                .chars()
                .take_while(|c| !c.is_whitespace() && *c != '>' && *c != '/')
                .collect();
            return (name == "svg" || name.ends_with(":svg")).then_some(at);
        }
    }
    None
}

/// The value of attribute `name` in a start tag's text.
fn attribute(tag: &str, name: &str) -> Option<String> {
    let mut i = 0;
    while let Some(off) = tag[i..].find(name) {
        let at = i + off;
        i = at + name.len();
        let before = tag[..at].chars().last();
        if !before.is_some_and(char::is_whitespace) {
            continue;
        }
        let rest = tag[i..].trim_start();
        let Some(rest) = rest.strip_prefix('=') else {
            continue;
        };
        let rest = rest.trim_start();
        let q = rest.chars().next()?;
        if q != '"' && q != '\'' {
            continue;
        }
        let end = rest[1..].find(q)?;
        return Some(rest[1..1 + end].trim().to_string());
    }
    None
}

/// A CSS length in pixels (96 per inch); `None` for a percentage or an unknown unit.
fn css_pixels(v: &str) -> Option<f64> {
    let split = v
        .find(|c: char| {
            !(c.is_ascii_digit() || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E')
        })
        .unwrap_or(v.len());
    let (num, unit) = v.split_at(split);
    let n: f64 = num.parse().ok()?;
    let per = match unit.trim() {
        "" | "px" => 1.0,
        "pt" => 96.0 / 72.0,
        "pc" => 16.0,
        "mm" => 96.0 / 25.4,
        "cm" => 96.0 / 2.54,
        "in" => 96.0,
        _ => return None,
    };
    Some(n * per)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        png.extend_from_slice(&800u32.to_be_bytes());
        png.extend_from_slice(&600u32.to_be_bytes());
        assert_eq!(image_size(&png), Some(Size::new(800, 600)));
        let gif = b"GIF89a\x20\x03\x58\x02rest";
        assert_eq!(image_size(gif), Some(Size::new(800, 600)));
        // JPEG: SOI, APP0 (length 4, 2 bytes payload), SOF0 with height 600 width 800.
        let jpg = [
            0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x02,
            0x58, 0x03, 0x20,
        ];
        assert_eq!(image_size(&jpg), Some(Size::new(800, 600)));
        let mut bmp = vec![0u8; 26];
        bmp[0] = b'B';
        bmp[1] = b'M';
        bmp[18..22].copy_from_slice(&800i32.to_le_bytes());
        bmp[22..26].copy_from_slice(&(-600i32).to_le_bytes());
        assert_eq!(image_size(&bmp), Some(Size::new(800, 600)));
        assert_eq!(image_size(b"not an image"), None);
        assert_eq!(image_size(&[0xFF, 0xD8, 0xFF]), None);
    }

    // An SVG board's size: width and height in pixels or CSS units, else its viewBox.
    #[test]
    fn svg_sizes() {
        let svg = |root: &str| {
            format!("<?xml version=\"1.0\"?>\n<!-- a board -->\n<!DOCTYPE svg>\n{root}<g/></svg>")
        };
        let size = |root: &str| svg_size(svg(root).as_bytes()).map(|s| (s.width, s.height));
        assert_eq!(
            size(r#"<svg xmlns="http://www.w3.org/2000/svg" width="1125" height="2975">"#),
            Some((1125, 2975))
        );
        assert_eq!(
            size(r#"<svg width='1125px' height='2975.4px'>"#),
            Some((1125, 2975))
        );
        assert_eq!(
            size(r#"<svg width="100%" height="100%" viewBox="0 0 1125 2975">"#),
            Some((1125, 2975))
        );
        assert_eq!(size(r#"<svg viewBox="0,0,800.5,600">"#), Some((801, 600)));
        assert_eq!(size(r#"<svg width="2in" height="72pt">"#), Some((192, 96)));
        assert_eq!(
            size(r#"<svg:svg xmlns:svg="http://www.w3.org/2000/svg" width="30" height="40">"#),
            Some((30, 40))
        );
        // No size at all, not an SVG, a damaged tag.
        assert_eq!(size("<svg>"), None);
        assert_eq!(
            svg_size(b"<html><svg width=\"3\" height=\"4\"></svg></html>"),
            None
        );
        assert_eq!(svg_size(b"\x89PNG"), None);
        assert_eq!(svg_size(b"<svg width=\"30"), None);
        // image_size reads it too.
        assert_eq!(
            image_size(svg(r#"<svg width="1125" height="2975">"#).as_bytes()),
            Some(Size::new(1125, 2975))
        );
    }
}
