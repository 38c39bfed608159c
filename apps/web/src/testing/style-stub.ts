// Component tests import components that import their CSS; jest maps every .css file here.
export default {};
