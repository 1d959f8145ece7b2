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

/// EXTN's body: the extensions and, from bytecode 16, their product ids.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Extensions {
    /// The extensions; `None` is a null slot of the list.
    pub extensions: Vec<Option<Extension>>,
    /// 16 bytes per extension (bytecode 16 and later).
    pub product_ids: Vec<[u8; 16]>,
}

/// An extension: files of native, GML or JavaScript code whose functions the game
/// calls.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Extension {
    /// The folder name of GameMaker 8's extension packages, which the runner reads but
    /// does not use.
    pub folder: Option<StrId>,
    /// The extension's name.
    pub name: Option<StrId>,
    /// The extension's version, as text.
    /// 2023.4 and later.
    pub version: Option<StrId>,
    /// A class name GameMaker stores for the extension; its use in the runner is not
    /// established.
    pub class_name: Option<StrId>,
    /// The extension's files.
    pub files: Vec<Option<ExtensionFile>>,
    /// The extension's options: settings the game can read.
    /// 2022.6 and later.
    pub options: Vec<Option<ExtensionOption>>,
}

/// A file of an extension: a library or script, with the functions it provides.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ExtensionFile {
    /// The file's name.
    pub name: Option<StrId>,
    /// The name of the function run when the game ends; empty for none.
    pub cleanup_script: Option<StrId>,
    /// The name of the function run when the game starts; empty for none.
    pub init_script: Option<StrId>,
    /// The file's kind: 1 DLL, 2 GML, 3 action library, 4 generic, 5 JavaScript.
    pub kind: u32,
    /// The functions the file provides; `None` is a null slot of the list.
    pub functions: Vec<Option<ExtensionFunction>>,
}

/// A function an extension file provides to GML code.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ExtensionFunction {
    /// The name GML code calls the function by.
    pub name: Option<StrId>,
    /// An id number GameMaker gives the function.
    pub id: u32,
    /// A kind word GameMaker stores for the function, whose meaning is not established;
    /// kept as read.
    pub kind: u32,
    /// 1 string, 2 double.
    pub return_type: u32,
    /// The function's name in the file, such as a DLL's export, that calls go to.
    pub external_name: Option<StrId>,
    /// The argument types, in order: 1 string, 2 double.
    pub arguments: Vec<u32>,
}

/// An option of an extension: a setting and its value.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ExtensionOption {
    /// The option's name.
    pub name: Option<StrId>,
    /// Its value as text, of the type [`ExtensionOption::kind`] gives.
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
