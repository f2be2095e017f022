// Stands in for stylesheet imports under jest; class names are plain strings in the components.
module.exports = {};
