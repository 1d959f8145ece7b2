//! EXTN, the extensions: a pointer list, then (bytecode 16 and later) 16 bytes of
//! product id per extension. An extension is its folder, name, from 2023.4 its
//! version, class name, then its files (from 2022.6 through a pointer, followed by a
//! pointer to its options). A file is its name, clean-up and init scripts, kind and
//! a pointer list of functions: name, id, kind, return type, external name and
//! argument types.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::names::Named;
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Extensions {
    pub extensions: Vec<Option<Extension>>,
    /// 16 bytes per extension (bytecode 16 and later).
    pub product_ids: Vec<[u8; 16]>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Extension {
    pub folder: Option<StrId>,
    pub name: Option<StrId>,
    /// 2023.4 and later.
    pub version: Option<StrId>,
    pub class_name: Option<StrId>,
    pub files: Vec<Option<ExtensionFile>>,
    /// 2022.6 and later.
    pub options: Vec<Option<ExtensionOption>>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ExtensionFile {
    pub name: Option<StrId>,
    pub cleanup_script: Option<StrId>,
    pub init_script: Option<StrId>,
    pub kind: u32,
    pub functions: Vec<Option<ExtensionFunction>>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ExtensionFunction {
    pub name: Option<StrId>,
    pub id: u32,
    pub kind: u32,
    /// 1 string, 2 double.
    pub return_type: u32,
    pub external_name: Option<StrId>,
    pub arguments: Vec<u32>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ExtensionOption {
    pub name: Option<StrId>,
    pub value: Option<StrId>,
    /// 0 boolean, 1 number, 2 string.
    pub kind: u32,
}

impl<'a> Record<'a> for Extensions {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.pointer_list("entry", &mut self.extensions)?;
        if w.bytecode() >= 16 {
            if w.reading() {
                self.product_ids = vec![[0; 16]; self.extensions.len()];
            }
            self.product_ids.iter_mut().try_for_each(|p| w.array(p))?;
        }
        Ok(())
    }
}

impl Named for Extension {
    fn name(&self) -> Option<StrId> {
        self.name
    }
}

impl<'a> Record<'a> for Extension {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.folder)?;
        w.string(&mut self.name)?;
        if w.since(Version::V2023_4) {
            w.string(&mut self.version)?;
        }
        w.string(&mut self.class_name)?;
        if w.since(Version::V2022_6) {
            let files = w.list_pointer()?;
            let options = w.list_pointer()?;
            w.pointer_list_at("files", files, &mut self.files)?;
            w.pointer_list_at("options", options, &mut self.options)
        } else {
            w.pointer_list("file", &mut self.files)
        }
    }
}

impl<'a> Record<'a> for ExtensionFile {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.string(&mut self.cleanup_script)?;
        w.string(&mut self.init_script)?;
        w.u32(&mut self.kind)?;
        w.pointer_list("function", &mut self.functions)
    }
}

impl<'a> Record<'a> for ExtensionFunction {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.u32(&mut self.id)?;
        w.u32(&mut self.kind)?;
        w.u32(&mut self.return_type)?;
        w.string(&mut self.external_name)?;
        w.list("argument", &mut self.arguments, 4)
    }
}

impl<'a> Record<'a> for ExtensionOption {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.string(&mut self.value)?;
        w.u32(&mut self.kind)
    }
}
