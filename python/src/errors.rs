//! The library's errors as Python exceptions, one class per kind, each carrying the one-line message
//! the CLI prints after `gridreduce: `.

use gridreduce::Error;
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

create_exception!(
    gridreduce,
    GridreduceError,
    PyException,
    "Base class of every gridreduce error; str() is the CLI's one-line message."
);
create_exception!(
    gridreduce,
    InputError,
    GridreduceError,
    "Bad input: a puzzle file, region map, answer or .map file that cannot be read (names file and line)."
);
create_exception!(
    gridreduce,
    CertificateError,
    GridreduceError,
    "A certificate (model, tour, sample, ...) that is not one of the instance: what is wrong with it."
);
create_exception!(
    gridreduce,
    ConstructionError,
    GridreduceError,
    "A puzzle whose instance cannot be built as asked (an encoding that does not take it, a size limit)."
);
create_exception!(
    gridreduce,
    UnsolvableError,
    GridreduceError,
    "The puzzle has no solution where one is needed (a witness)."
);
create_exception!(
    gridreduce,
    TimeLimitError,
    GridreduceError,
    "No answer within the time limit (the CLI's exit code 3)."
);
create_exception!(
    gridreduce,
    UsageError,
    GridreduceError,
    "Arguments that do not fit: an unknown target or keyword, a value a parameter does not take."
);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("GridreduceError", py.get_type::<GridreduceError>())?;
    m.add("InputError", py.get_type::<InputError>())?;
    m.add("CertificateError", py.get_type::<CertificateError>())?;
    m.add("ConstructionError", py.get_type::<ConstructionError>())?;
    m.add("UnsolvableError", py.get_type::<UnsolvableError>())?;
    m.add("TimeLimitError", py.get_type::<TimeLimitError>())?;
    m.add("UsageError", py.get_type::<UsageError>())?;
    Ok(())
}

/// The exception of a library error, with the CLI's message.
pub fn to_py(error: Error) -> PyErr {
    let message = error.to_string();
    raise_as(&error, message)
}

/// The exception of a library error about one puzzle of a batch, `name: message` as the CLI
/// reports it.
pub fn to_py_for(name: &str, error: Error) -> PyErr {
    let message = format!("{name}: {error}");
    raise_as(&error, message)
}

/// The exception class of `error`'s kind, with `message`.
fn raise_as(error: &Error, message: String) -> PyErr {
    match error {
        Error::Input(_) | Error::Io { .. } => InputError::new_err(message),
        Error::Certificate { .. } => CertificateError::new_err(message),
        Error::Unsolvable(_) => UnsolvableError::new_err(message),
        Error::Timeout(_) => TimeLimitError::new_err(message),
        Error::Construction(_) => ConstructionError::new_err(message),
        Error::Usage(_) => UsageError::new_err(message),
    }
}

/// `Result` of the library as a `PyResult`.
pub trait OrRaise<T> {
    fn or_raise(self) -> PyResult<T>;
}

impl<T> OrRaise<T> for gridreduce::error::Result<T> {
    fn or_raise(self) -> PyResult<T> {
        self.map_err(to_py)
    }
}

/// A usage error with `message`.
pub fn usage(message: impl Into<String>) -> PyErr {
    UsageError::new_err(message.into())
}
