//! Image sizes from file headers (PNG, GIF, JPEG, BMP), without decoding the pixels.
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
}
